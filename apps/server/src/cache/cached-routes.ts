import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isPersonal } from './personal.ts';
import type { Built } from './entries.ts';
import { cacheKey, urlTags, articleSlugOf } from './url-tags.ts';
import type { PublicCache } from './public-cache.ts';
import { sendResponse, storeResponse, variantFor, type CachedResponse } from './cached-response.ts';

/** The request that builds a response for every reader waiting on it. */
interface Builder {
  settle(built: Built<CachedResponse> | Error): void;
  acceptEncoding: string | undefined;
}

declare module 'fastify' {
  interface FastifyRequest {
    cacheBuilder: Builder | null;
    /** Set by a handler whose response goes stale at a known moment (ms, by the app's clock). */
    responseExpiresAt: number | null;
  }
}

/** Keeps this request's response in the cache until `at` (ms since the epoch) at the latest. */
export function keepResponseUntil(request: FastifyRequest, at: number) {
  request.responseExpiresAt = at;
}

/** Which requests of the scope are cacheable reads, and what they depend on. */
function cacheTags(request: FastifyRequest) {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  // Article calls count a view each: public/routes.ts keeps the article, never the response.
  if (articleSlugOf(request.url) !== null || isPersonal(request.headers)) return null;
  return urlTags(request.url);
}

/**
 * Serves the GET routes of this scope (the public API, feeds) from the public cache: a hit is
 * sent as cached; concurrent misses wait for the first one's response; a 200 is cached with its tags.
 * A stale response is rebuilt by the next request that finds it (its route handler runs), and the
 * requests meanwhile get the previous copy (cache/entries.ts). Route handlers stay as they are:
 * the response is taken in `onSend`, uncompressed, and compressed once for every later reader.
 */
export function cacheRoutesOfScope(app: FastifyInstance, cache: PublicCache) {
  app.decorateRequest('cacheBuilder', null);
  app.decorateRequest('responseExpiresAt', null);

  app.addHook('onRequest', async (request, reply) => {
    const tags = cacheTags(request);
    if (!tags || !cache.enabled) return;
    const holder: { builder?: Builder } = {};
    const cached = cache.response(
      cacheKey(request.url),
      () =>
        new Promise<Built<CachedResponse>>((resolve, reject) => {
          holder.builder = {
            settle: (built) => (built instanceof Error ? reject(built) : resolve(built)),
            acceptEncoding: request.headers['accept-encoding'],
          };
        }),
    );
    const { builder } = holder;
    if (builder) {
      // This request builds the response: its handler runs and `onSend` settles the others.
      cached.catch(() => undefined);
      request.cacheBuilder = builder;
      request.headers['accept-encoding'] = 'identity';
      return;
    }
    try {
      return sendResponse(request, reply, await cached);
    } catch {
      // The first request failed (an error is never shared): this one runs its own handler.
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const builder = request.cacheBuilder;
    if (!builder) return payload;
    request.cacheBuilder = null;
    const body = typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : null;
    if (reply.statusCode !== 200 || body === null) {
      builder.settle(new Error(`not cached: status ${reply.statusCode}`));
      return payload;
    }
    const tags = urlTags(request.url) ?? [];
    let cached: CachedResponse;
    try {
      cached = await storeResponse({
        status: 200,
        headers: reply.getHeaders(),
        body,
        tags,
        expiresAt: request.responseExpiresAt,
      });
    } catch (error) {
      builder.settle(error instanceof Error ? error : new Error(String(error)));
      throw error;
    }
    builder.settle({ value: cached, keep: true });
    const { body: encoded, encoding, etag } = variantFor(cached, builder.acceptEncoding);
    void reply.headers({ ...cached.headers, etag });
    if (!encoding) return payload;
    void reply.header('content-encoding', encoding);
    return encoded;
  });

  // A request that ended without a response (aborted, or failed before sending) frees its waiters.
  const release = async (request: FastifyRequest) => {
    request.cacheBuilder?.settle(new Error('no response'));
    request.cacheBuilder = null;
  };
  app.addHook('onResponse', release);
  app.addHook('onRequestAbort', release);
}
