import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StaleTags } from './tags.ts';
import { acceptedEncodings, compressBoth, compressFor, encodingFor } from './compress.ts';
import type { CacheValue } from './entries.ts';

/** The headers of a response that belong to it (helmet's and the like are set per request). */
const KEPT_HEADERS = ['content-type', 'cache-control', 'vary', 'location', 'retry-after'];

/**
 * An HTTP response cached whole: status, its own headers, the body as it is and compressed both
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
   * False for a response made for one request and never cached: it is compressed when sent, in the
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
 * A response ready to send and to keep. `precompress` false (a response that will not be cached:
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

/** Whether the client already holds this response (any of its encodings), by If-None-Match. */
export function isNotModified(ifNoneMatch: string | undefined, cached: CachedResponse): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((item) => item.trim().replace(/^W\//, '').replace(/^"|"$/g, ''))
    .some((item) => item === '*' || item.replace(/-(br|gz)$/, '') === cached.etag);
}

/** A response's ETag in one encoding: each encoding is a different representation. */
const etagOf = (cached: CachedResponse, encoding: 'br' | 'gzip' | null) =>
  `"${cached.etag}${encoding === 'br' ? '-br' : encoding === 'gzip' ? '-gz' : ''}"`;

/** The body for a client's Accept-Encoding, its encoding and its ETag (one per encoding). */
export function variantFor(cached: CachedResponse, acceptEncoding: string | undefined) {
  const encoding = acceptedEncodings(acceptEncoding).find((name) => cached[name]) ?? null;
  const body = encoding ? (cached[encoding] as Buffer) : cached.identity;
  return { body, encoding, etag: etagOf(cached, encoding) };
}

/** A response made for one request, compressed now in the one encoding that request accepts. */
async function compressedNow(cached: CachedResponse, acceptEncoding: string | undefined) {
  const { payload, encoding } = await compressFor(acceptEncoding, cached.identity);
  return { body: payload, encoding, etag: etagOf(cached, encoding) };
}

/** Sends a stored response: 304 when the client has it, else the encoding it accepts best. */
export async function sendResponse(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: CachedResponse,
) {
  void reply.headers(cached.headers);
  const acceptEncoding = request.headers['accept-encoding'];
  const notModified =
    cached.status === 200 && isNotModified(request.headers['if-none-match'], cached);
  if (notModified) {
    const encoding = cached.precompressed
      ? variantFor(cached, acceptEncoding).encoding
      : encodingFor(acceptEncoding, cached.identity.length);
    return reply.header('etag', etagOf(cached, encoding)).status(304).send();
  }
  const { body, encoding, etag } = cached.precompressed
    ? variantFor(cached, acceptEncoding)
    : await compressedNow(cached, acceptEncoding);
  void reply.header('etag', etag);
  if (encoding) void reply.header('content-encoding', encoding);
  return reply.status(cached.status).send(body);
}
