import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isPersonal } from './personal.ts';
import type { Build, Built } from './entries.ts';
import { showsTags, type StaleTags } from './tags.ts';
import { cacheKey, urlTags, articleSlugOf } from './url-tags.ts';
import type { PublicCache } from './public-cache.ts';
import { sendResponse, storeResponse, variantFor, type CachedResponse } from './cached-response.ts';

/** The request that builds a response for every reader waiting on it. */
interface Builder {
  settle(built: Built<CachedResponse> | Error): void;
  acceptEncoding: string | undefined;
}

/** What a route's read is given: its request's query and path parameters, as they came. */
export interface ReadInput {
  query: unknown;
  params: unknown;
  /** Keeps the response in the cache until `at` (ms since the epoch) at the latest. */
  keepUntil(at: number): void;
  /**
   * The articles the response lists: it goes stale when one of them changes how it shows, as
   * well as when its list changes (decision 133).
   */
  shows(articles: ReadonlyArray<{ slug: string }>): void;
}

/**
 * What a cached GET route answers with, as a function of its query and parameters: the payload
 * its handler returns (serialised by the route's response schema) or the text it sends. Throws
 * when the address no longer answers 200 (its handler then answers the next request itself).
 */
export type RouteRead = (input: ReadInput) => Promise<unknown>;

declare module 'fastify' {
  interface FastifyRequest {
    cacheBuilder: Builder | null;
    /** What the handler's read noted of its response (`ReadInput`), once it noted anything. */
    readNotes: ReadNotes | null;
  }
  interface FastifyContextConfig {
    /**
     * The route's read (decision 133): after a write the cache calls it to build the response
     * again when it is next asked for, and readers get the previous copy meanwhile, rather than
     * waiting for a reader's request to run the handler.
     */
    read?: RouteRead;
  }
}

/**
 * What a read says of its response besides the payload: when it goes stale by itself, and the
 * `shows` tags of the articles it lists. Kept per request, and per rebuild.
 */
class ReadNotes {
  expiresAt: number | null = null;
  readonly shown: string[] = [];

  inputOf(query: unknown, params: unknown): ReadInput {
    return {
      query,
      params,
      keepUntil: (at) => (this.expiresAt = at),
      shows: (articles) => this.shown.push(...showsTags(articles)),
    };
  }
}

const notesOf = (request: FastifyRequest) => (request.readNotes ??= new ReadNotes());

/** Keeps this request's response in the cache until `at` (ms since the epoch) at the latest. */
export function keepResponseUntil(request: FastifyRequest, at: number) {
  notesOf(request).expiresAt = at;
}

/** The input of a route's read, from the request its handler runs for. */
export function readInput(request: FastifyRequest): ReadInput {
  return notesOf(request).inputOf(request.query, request.params);
}

/**
 * How the cache builds a route's response again by calling its read with the first request's
 * query and parameters: the same status, headers and URL's tags, the body and the articles it
 * shows read anew.
 */
function rebuildOf(
  read: RouteRead,
  request: FastifyRequest,
  serialize: ((payload: unknown) => string) | undefined,
  headers: Record<string, string>,
  tags: StaleTags,
): Build<CachedResponse> {
  const { query, params } = request;
  const rebuild = async (): Promise<Built<CachedResponse>> => {
    const notes = new ReadNotes();
    const payload = await read(notes.inputOf(query, params));
    const body =
      typeof payload === 'string' || Buffer.isBuffer(payload)
        ? payload
        : (serialize ?? JSON.stringify)(payload);
    const value = await storeResponse({
      status: 200,
      headers,
      body,
      tags: [...tags, ...notes.shown],
      expiresAt: notes.expiresAt,
    });
    return { value, keep: true, rebuildWhenRead: rebuild };
  };
  return rebuild;
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
 * A stale response of a route that names its read (`config.read`) is rebuilt by the cache, which
 * calls that read, while readers get the previous copy (cache/entries.ts); any other is rebuilt by
 * the next request that finds it. The response is taken in `onSend`, uncompressed, and compressed
 * once for every later reader.
 */
export function cacheRoutesOfScope(app: FastifyInstance, cache: PublicCache) {
  app.decorateRequest('cacheBuilder', null);
  app.decorateRequest('readNotes', null);

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
    const fromUrl = urlTags(request.url) ?? [];
    let cached: CachedResponse;
    try {
      cached = await storeResponse({
        status: 200,
        headers: reply.getHeaders(),
        body,
        tags: [...fromUrl, ...(request.readNotes?.shown ?? [])],
        expiresAt: request.readNotes?.expiresAt ?? null,
      });
    } catch (error) {
      builder.settle(error instanceof Error ? error : new Error(String(error)));
      throw error;
    }
    const { read } = request.routeOptions.config;
    // The route's own serialiser of a 200 (its response schema's), if it has one.
    const serialize = reply.getSerializationFunction('200') as
      ((payload: unknown) => string) | undefined;
    const rebuild = read && rebuildOf(read, request, serialize, cached.headers, fromUrl);
    builder.settle({ value: cached, keep: true, ...(rebuild && { rebuildWhenRead: rebuild }) });
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
