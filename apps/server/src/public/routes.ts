import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  CACHE_MS,
  latestNewsQuerySchema,
  publicNewsQuerySchema,
  relatedNewsQuerySchema,
} from '@newsroom/contract';
import { ok } from '../http/envelope.ts';
import { validate } from '../http/validate.ts';

/**
 * Public reads may be cached briefly by browsers and shared caches, as long as the reader site
 * itself keeps them fresh (see docs/decisions). Set only on success, so an error is never cached.
 */
function cacheFor(reply: FastifyReply, milliseconds: number) {
  void reply.header('cache-control', `public, max-age=${Math.round(milliseconds / 1000)}`);
}

/** /u: what the reader site reads, open to everyone. */
export async function publicRoutes(app: FastifyInstance) {
  const { news, categories } = app.services;

  app.get('/category-list', async (_request, reply) => {
    const data = await categories.list();
    cacheFor(reply, CACHE_MS.categories);
    return ok(data, 'Categories fetched successfully');
  });

  app.get('/get', async (request, reply) => {
    const query = validate(publicNewsQuerySchema, request.query);
    const { data, count } = await news.publicList(query, query);
    cacheFor(reply, CACHE_MS.public);
    return ok(data, 'News fetched successfully', { count });
  });

  app.get<{ Params: { slug: string } }>('/news/:slug', async (request, reply) => {
    // Every call counts a view, so no cache may answer in this route's place.
    void reply.header('cache-control', 'no-store');
    const article = await news.bySlug(request.params.slug, { countView: true });
    return ok([article], 'News fetched successfully');
  });

  app.get('/related-news', async (request, reply) => {
    const query = validate(relatedNewsQuerySchema, request.query);
    const data = await news.related(query.category, query.exclude);
    cacheFor(reply, CACHE_MS.related);
    return ok(data, 'Related news fetched successfully');
  });

  app.get('/latest', async (request, reply) => {
    const query = validate(latestNewsQuerySchema, request.query);
    const data = await news.latest(query.limit, query.exclude);
    cacheFor(reply, CACHE_MS.public);
    return ok(data, 'Latest news fetched successfully');
  });
}
