import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isPersonal } from './personal.ts';
import type { Built } from './answer-cache.ts';
import { answerKey, answerTags, articleSlugOf } from './answer-tags.ts';
import type { PublicCache } from './public-cache.ts';
import { sendAnswer, storeAnswer, variantFor, type StoredAnswer } from './stored-answer.ts';

interface Lead {
  settle(built: Built<StoredAnswer> | Error): void;
  acceptEncoding: string | undefined;
  /** Nobody reads the answer of this request: a refresh, waiting only for what it keeps. */
  refresh?: boolean;
}

/**
 * Names the in-process request a refresh sends to rebuild an answer (docs/decisions/086): its
 * value is a one-time id the refresh registered, so no outside client can pass for one.
 */
const REFRESH_HEADER = 'x-newsroom-refresh';

declare module 'fastify' {
  interface FastifyRequest {
    cacheLead: Lead | null;
    /** Set by a handler whose answer goes stale at a known moment (ms, by the app's clock). */
    answerExpiresAt: number | null;
  }
}

/** Keeps this request's answer in the cache until `at` (ms since the epoch) at the latest. */
export function keepAnswerUntil(request: FastifyRequest, at: number) {
  request.answerExpiresAt = at;
}

/** Which requests of the scope are cacheable reads, and what they depend on. */
function cacheTags(request: FastifyRequest) {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  // Article calls count a view each: public/routes.ts keeps the article, never the answer.
  if (articleSlugOf(request.url) !== null || isPersonal(request)) return null;
  return answerTags(request.url);
}

/**
 * Serves the GET routes of this scope (the public API, feeds) from the public cache: a hit is
 * sent as kept; concurrent misses wait for the first one's answer; a 200 is kept with its tags.
 * Route handlers stay as they are: the answer is taken in `onSend`, uncompressed, and the cache
 * compresses it once for every later reader.
 */
export function cacheRoutesOfScope(app: FastifyInstance, cache: PublicCache) {
  app.decorateRequest('cacheLead', null);
  app.decorateRequest('answerExpiresAt', null);
  /** The leads of refreshes under way, by the id their request carries. */
  const refreshes = new Map<string, Lead>();

  /**
   * Builds the answer for `url` with no reader behind it: an in-process GET that carries the
   * lead, so its handler runs and `onSend` keeps its answer as for any first request.
   */
  const rebuild = (url: string) => () =>
    new Promise<Built<StoredAnswer>>((resolve, reject) => {
      const id = randomUUID();
      const lead: Lead = {
        settle: (built) => (built instanceof Error ? reject(built) : resolve(built)),
        acceptEncoding: undefined,
        refresh: true,
      };
      refreshes.set(id, lead);
      // Once the request took the lead, its hooks settle it (after keeping the answer).
      const ended = (error?: unknown) => {
        if (refreshes.delete(id))
          lead.settle(error instanceof Error ? error : new Error('no answer'));
      };
      app.inject({ method: 'GET', url, headers: { [REFRESH_HEADER]: id } }).then(
        () => ended(),
        (error: unknown) => ended(error),
      );
    });

  /** The lead a refresh registered under `id`, taken once. */
  const takeRefresh = (id: string): Lead | undefined => {
    const lead = refreshes.get(id);
    refreshes.delete(id);
    return lead;
  };

  app.addHook('onRequest', async (request, reply) => {
    const tags = cacheTags(request);
    if (!tags || !cache.enabled) return;
    const refreshId = request.headers[REFRESH_HEADER];
    const refresh = typeof refreshId === 'string' ? takeRefresh(refreshId) : undefined;
    if (refresh) {
      request.cacheLead = refresh;
      request.headers['accept-encoding'] = 'identity';
      return;
    }
    const holder: { lead?: Lead } = {};
    // A render's own call waits for a rebuild: a stale answer must not end up in a kept page.
    const acceptStale = !app.renderMark.isRender(request);
    const answer = cache.answer(
      answerKey(request.url),
      () =>
        new Promise<Built<StoredAnswer>>((resolve, reject) => {
          holder.lead = {
            settle: (built) => (built instanceof Error ? reject(built) : resolve(built)),
            acceptEncoding: request.headers['accept-encoding'],
          };
        }),
      { acceptStale, rebuild: rebuild(request.url) },
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
      return sendAnswer(request, reply, await answer);
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
    const tags = answerTags(request.url) ?? [];
    const stored = storeAnswer({
      status: 200,
      headers: reply.getHeaders(),
      body,
      tags,
      expiresAt: request.answerExpiresAt,
    }).then(
      (answer) => {
        lead.settle({ value: answer, keep: true });
        return answer;
      },
      (error: unknown) => {
        lead.settle(error instanceof Error ? error : new Error(String(error)));
        throw error;
      },
    );
    if (app.renderMark.isRender(request) || lead.refresh) {
      // A page render reads the body as it is and need not wait for the compressed forms:
      // under load that wait (the thread pool, then a turn of the event loop) came twice in
      // each article page's rebuild. Requests that joined this build still wait for them, and
      // a refresh waits for the answer kept, not for its request's.
      stored.catch(() => undefined);
      return payload;
    }
    const answer = await stored;
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
