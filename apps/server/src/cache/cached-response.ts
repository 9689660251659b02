import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StaleTags } from './tags.ts';
import { acceptedEncodings, compressBoth, compressFor, encodingFor } from './compress.ts';
import type { CacheValue } from './entries.ts';

/** The headers of an answer that belong to it (helmet's and the like are set per request). */
const KEPT_HEADERS = ['content-type', 'cache-control', 'vary', 'location', 'retry-after'];

/**
 * An HTTP answer kept whole: status, its own headers, the body as it is and compressed both
 * ways, so that a hit costs neither a render nor a compression.
 */
export interface CachedResponse extends CacheValue {
  status: number;
  headers: Record<string, string>;
  etag: string;
  identity: Buffer;
  br: Buffer | null;
  gzip: Buffer | null;
  /**
   * False for an answer made for one request and never kept: it is compressed when sent, in the
   * one encoding that request accepts, rather than both ways beforehand.
   */
  precompressed: boolean;
  /** The article this page shows: each GET of the page counts one view of it. */
  viewOf: PageArticle | null;
}

export interface PageArticle {
  id: string;
  slug: string;
  /** Its section, for the daily totals of views (analytics/). */
  categoryId: string;
}

export interface ResponseParts {
  status: number;
  headers: Record<string, unknown>;
  body: string | Buffer;
  tags: StaleTags;
  viewOf?: PageArticle | null;
  expiresAt?: number | null;
}

/**
 * An answer ready to send and to keep. `precompress` false (an answer that will not be kept:
 * the cache is off, or the page is one reader's) leaves compression to `sendResponse`.
 */
export async function storeResponse(
  parts: ResponseParts,
  { precompress = true }: { precompress?: boolean } = {},
): Promise<CachedResponse> {
  const identity = Buffer.isBuffer(parts.body) ? parts.body : Buffer.from(parts.body);
  const { br, gzip } = precompress ? await compressBoth(identity) : { br: null, gzip: null };
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = parts.headers[name];
    if (typeof value === 'string' || typeof value === 'number') headers[name] = String(value);
  }
  if (br || gzip || !precompress) headers.vary = varyWith(headers.vary, 'Accept-Encoding');
  const hash = createHash('sha1').update(identity).digest('base64url').slice(0, 22);
  return {
    status: parts.status,
    headers,
    etag: hash,
    identity,
    br,
    gzip,
    precompressed: precompress,
    viewOf: parts.viewOf ?? null,
    tags: parts.tags,
    expiresAt: parts.expiresAt ?? null,
    bytes: identity.length + (br?.length ?? 0) + (gzip?.length ?? 0),
  };
}

function varyWith(vary: string | undefined, name: string): string {
  const names = (vary ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  return names.some((item) => item.toLowerCase() === name.toLowerCase())
    ? names.join(', ')
    : [...names, name].join(', ');
}

/** Whether the client already holds this answer (any of its encodings), by If-None-Match. */
export function isNotModified(ifNoneMatch: string | undefined, answer: CachedResponse): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((item) => item.trim().replace(/^W\//, '').replace(/^"|"$/g, ''))
    .some((item) => item === '*' || item.replace(/-(br|gz)$/, '') === answer.etag);
}

/** An answer's ETag in one encoding: each encoding is a different representation. */
const etagOf = (answer: CachedResponse, encoding: 'br' | 'gzip' | null) =>
  `"${answer.etag}${encoding === 'br' ? '-br' : encoding === 'gzip' ? '-gz' : ''}"`;

/** The body for a client's Accept-Encoding, its encoding and its ETag (one per encoding). */
export function variantFor(answer: CachedResponse, acceptEncoding: string | undefined) {
  const encoding = acceptedEncodings(acceptEncoding).find((name) => answer[name]) ?? null;
  const body = encoding ? (answer[encoding] as Buffer) : answer.identity;
  return { body, encoding, etag: etagOf(answer, encoding) };
}

/** An answer made for one request, compressed now in the one encoding that request accepts. */
async function compressedNow(answer: CachedResponse, acceptEncoding: string | undefined) {
  const { payload, encoding } = await compressFor(acceptEncoding, answer.identity);
  return { body: payload, encoding, etag: etagOf(answer, encoding) };
}

/** Sends a stored answer: 304 when the client has it, else the encoding it accepts best. */
export async function sendResponse(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedResponse,
) {
  void reply.headers(answer.headers);
  const acceptEncoding = request.headers['accept-encoding'];
  const notModified =
    answer.status === 200 && isNotModified(request.headers['if-none-match'], answer);
  if (notModified) {
    const encoding = answer.precompressed
      ? variantFor(answer, acceptEncoding).encoding
      : encodingFor(acceptEncoding, answer.identity.length);
    return reply.header('etag', etagOf(answer, encoding)).status(304).send();
  }
  const { body, encoding, etag } = answer.precompressed
    ? variantFor(answer, acceptEncoding)
    : await compressedNow(answer, acceptEncoding);
  void reply.header('etag', etag);
  if (encoding) void reply.header('content-encoding', encoding);
  return reply.status(answer.status).send(body);
}
