import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isPersonal } from './personal.ts';
import type { Built } from './entries.ts';
import { cacheKey, urlTags, articleSlugOf } from './url-tags.ts';
import type { PublicCache } from './public-cache.ts';
import { sendResponse, storeResponse, variantFor, type CachedResponse } from './cached-response.ts';

/** The request that builds an answer for every reader waiting on it. */
interface Lead {
  settle(built: Built<CachedResponse> | Error): void;
  acceptEncoding: string | undefined;
}

declare module 'fastify' {
  interface FastifyRequest {
    cacheLead: Lead | null;
    /** Set by a handler whose answer goes stale at a known moment (ms, by the app's clock). */
    responseExpiresAt: number | null;
  }
}

/** Keeps this request's answer in the cache until `at` (ms since the epoch) at the latest. */
export function keepResponseUntil(request: FastifyRequest, at: number) {
  request.responseExpiresAt = at;
}

/** Which requests of the scope are cacheable reads, and what they depend on. */
function cacheTags(request: FastifyRequest) {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  // Article calls count a view each: public/routes.ts keeps the article, never the answer.
  if (articleSlugOf(request.url) !== null || isPersonal(request.headers)) return null;
  return urlTags(request.url);
}

/**
 * Serves the GET routes of this scope (the public API, feeds) from the public cache: a hit is
 * sent as kept; concurrent misses wait for the first one's answer; a 200 is kept with its tags.
 * A stale answer is rebuilt by the next request that finds it (its route handler runs), and the
 * requests meanwhile get the previous copy (cache/entries.ts). Route handlers stay as they are:
 * the answer is taken in `onSend`, uncompressed, and compressed once for every later reader.
 */
export function cacheRoutesOfScope(app: FastifyInstance, cache: PublicCache) {
  app.decorateRequest('cacheLead', null);
  app.decorateRequest('responseExpiresAt', null);

  app.addHook('onRequest', async (request, reply) => {
    const tags = cacheTags(request);
    if (!tags || !cache.enabled) return;
    const holder: { lead?: Lead } = {};
    const answer = cache.response(
      cacheKey(request.url),
      () =>
        new Promise<Built<CachedResponse>>((resolve, reject) => {
          holder.lead = {
            settle: (built) => (built instanceof Error ? reject(built) : resolve(built)),
            acceptEncoding: request.headers['accept-encoding'],
          };
        }),
    );
    const { lead } = holder;
    if (lead) {
      // This request builds the answer: its handler runs and `onSend` settles the others.
      answer.catch(() => undefined);
      request.cacheLead = lead;
      request.headers['accept-encoding'] = 'identity';
      return;
    }
    try {
      return sendResponse(request, reply, await answer);
    } catch {
      // The first request failed (an error is never shared): this one runs its own handler.
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const lead = request.cacheLead;
    if (!lead) return payload;
    request.cacheLead = null;
    const body = typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : null;
    if (reply.statusCode !== 200 || body === null) {
      lead.settle(new Error(`not kept: status ${reply.statusCode}`));
      return payload;
    }
    const tags = urlTags(request.url) ?? [];
    let answer: CachedResponse;
    try {
      answer = await storeResponse({
        status: 200,
        headers: reply.getHeaders(),
        body,
        tags,
        expiresAt: request.responseExpiresAt,
      });
    } catch (error) {
      lead.settle(error instanceof Error ? error : new Error(String(error)));
      throw error;
    }
    lead.settle({ value: answer, keep: true });
    const { body: encoded, encoding, etag } = variantFor(answer, lead.acceptEncoding);
    void reply.headers({ ...answer.headers, etag });
    if (!encoding) return payload;
    void reply.header('content-encoding', encoding);
    return encoded;
  });

  // A request that ended without an answer (aborted, or failed before sending) frees its waiters.
  const release = async (request: FastifyRequest) => {
    request.cacheLead?.settle(new Error('no answer'));
    request.cacheLead = null;
  };
  app.addHook('onResponse', release);
  app.addHook('onRequestAbort', release);
}
