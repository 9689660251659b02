import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MALFORMED_ADDRESS } from './framework-errors.ts';
import { RequestError } from './request-error.ts';

/** The longest address served; far above any real page or API call, far below Node's 16 KB. */
export const MAX_URL_LENGTH = 4096;
/**
 * The longest part of a path. Ids are 36 characters and slugs 150; a category name of 80
 * characters, each %-escaped as up to 12, stays under it. Also the router's parameter limit.
 */
export const MAX_SEGMENT_LENGTH = 1024;

/** Methods whose requests carry no body (RFC 9110 gives a GET body no meaning). */
const BODILESS = new Set(['GET', 'HEAD']);

export function hasBody(request: FastifyRequest): boolean {
  const { headers } = request.raw;
  const length = headers['content-length'];
  return headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** Malformed %-escapes in the query would otherwise reach handlers as raw text. */
function queryIsWellFormed(url: string): boolean {
  const start = url.indexOf('?');
  if (start < 0) return true;
  try {
    decodeURIComponent(url.slice(start + 1).replace(/\+/g, ' '));
    return true;
  } catch {
    return false;
  }
}

/**
 * Refuses, before routing work or body parsing, requests whose shape no route accepts: addresses
 * too long, malformed query strings and bodies on GET or HEAD.
 */
export function checkRequestShape(request: FastifyRequest): void {
  const url = request.raw.url ?? '';
  if (url.length > MAX_URL_LENGTH) {
    throw new RequestError(
      'URI_TOO_LONG',
      `The address is too long: at most ${MAX_URL_LENGTH} characters`,
    );
  }
  const path = url.split('?')[0] ?? '';
  if (path.split('/').some((segment) => segment.length > MAX_SEGMENT_LENGTH)) {
    throw new RequestError(
      'URI_TOO_LONG',
      `A part of the address (an id, slug or name) is too long: at most ${MAX_SEGMENT_LENGTH} characters`,
    );
  }
  if (!queryIsWellFormed(url)) throw new RequestError('BAD_REQUEST', MALFORMED_ADDRESS);
  // No id, slug or name holds a NUL, and PostgreSQL could not even compare one.
  if (/%00/.test(url)) {
    throw new RequestError('BAD_REQUEST', 'The address may not contain a NUL character (%00)');
  }
  if (BODILESS.has(request.method) && hasBody(request)) {
    throw new RequestError('BAD_REQUEST', `A ${request.method} request must not carry a body`);
  }
}

export function registerRequestLimits(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => checkRequestShape(request));
}
