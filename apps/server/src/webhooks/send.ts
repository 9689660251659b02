import http from 'node:http';
import https from 'node:https';
import ipaddr from 'ipaddr.js';
import { guardedLookup, hostOf, isPublicAddress, PrivateAddressError } from './addresses.ts';

/** How long one delivery may take, connection to last byte read. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** How much of an answer is kept for the deliveries list. */
const EXCERPT_BYTES = 1024;

/** What came back: the status and the start of the body. */
export interface Answer {
  status: number;
  excerpt: string;
}

export interface SendOptions {
  allowPrivate: boolean;
  timeoutMs?: number;
}

/**
 * POSTs `body` to `target` once: no redirect is followed (a 3xx is an answer like any other), the
 * whole exchange is bounded by a timeout, only the first kilobyte of the answer is read, and the
 * connection goes only to a public address (addresses.ts). Throws on no answer, with a message
 * that says why.
 */
export function post(
  target: string,
  body: string,
  headers: Record<string, string>,
  options: SendOptions,
): Promise<Answer> {
  const url = new URL(target);
  const host = hostOf(url);
  if (!options.allowPrivate && ipaddr.isValid(host) && !isPublicAddress(host)) {
    return Promise.reject(new PrivateAddressError(host, host));
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Answer>((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
        lookup: guardedLookup(options.allowPrivate),
        signal: AbortSignal.timeout(options.timeoutMs ?? DELIVERY_TIMEOUT_MS),
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let bytes = 0;
        const finish = () => {
          resolve({
            status: response.statusCode ?? 0,
            excerpt: Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8'),
          });
          response.destroy();
        };
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          bytes += chunk.length;
          if (bytes >= EXCERPT_BYTES) finish();
        });
        response.on('end', finish);
        response.on('error', finish);
      },
    );
    request.on('error', (error: Error) => reject(describe(error, options.timeoutMs)));
    request.end(body);
  });
}

function describe(error: Error, timeoutMs = DELIVERY_TIMEOUT_MS): Error {
  if (error instanceof PrivateAddressError) return error;
  if (error.name === 'AbortError' || error.name === 'TimeoutError') {
    return new Error(`No answer within ${timeoutMs / 1000} s`);
  }
  const code = (error as NodeJS.ErrnoException).code;
  return new Error(code ? `${code}: ${error.message}` : error.message);
}
