import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  CACHE_MS,
  PAGE_SIZE,
  authorPageSchema,
  pageQueryOf,
  categoryDtoSchema,
  latestNewsQuerySchema,
  newsDtoSchema,
  publicNewsQuerySchema,
  relatedNewsQuerySchema,
} from '@newsroom/contract';
import { readInput, type ReadInput } from '../cache/cached-routes.ts';
import { countArticleView } from '../views/article-views.ts';
import { ok } from '../http/envelope.ts';
import { answers, answersNothing, type ContractTypeProvider } from '../http/route-schemas.ts';
import { validate } from '../http/validate.ts';
import { DomainError } from '../domain/errors.ts';

const slugParams = z.object({ slug: z.string() });
type SlugParams = z.infer<typeof slugParams>;
const newsList = answers(z.array(newsDtoSchema));

/**
 * Public reads may be cached briefly by browsers and shared caches, as long as the reader site
 * itself keeps them fresh (see docs/decisions). Set only on success, so an error is never cached.
 */
function cacheFor(reply: FastifyReply, milliseconds: number) {
  void reply.header('cache-control', `public, max-age=${Math.round(milliseconds / 1000)}`);
}

/**
 * The handler of a cached GET route that names its read (decision 133): the read of the request's
 * query and parameters, which browsers and shared caches may keep for `milliseconds`.
 */
function answeredBy<T>(read: (input: ReadInput) => Promise<T>, milliseconds: number) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<T> => {
    const answer = await read(readInput(request));
    cacheFor(reply, milliseconds);
    return answer;
  };
}

/** /u: what the reader site reads, open to everyone. */
export async function publicRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ContractTypeProvider>();
  const { news, categories } = app.services;

  // Each cached read is named, so the public cache can build its response again (decision 133).
  const readCategories = async () => ok(await categories.list(), 'Categories fetched successfully');
  const categoryList = answers(z.array(categoryDtoSchema));
  app.get(
    '/category-list',
    { schema: { response: categoryList }, config: { read: readCategories } },
    answeredBy(readCategories, CACHE_MS.categories),
  );

  const newsPage = answers(z.array(newsDtoSchema), { count: z.number() });
  const listSchema = { querystring: publicNewsQuerySchema, response: newsPage };
  const readList = async ({ query, shows }: ReadInput) => {
    const valid = validate(publicNewsQuerySchema, query);
    const { data, count } = await news.publicList(valid, valid);
    shows(data);
    return ok(data, 'News fetched successfully', { count });
  };
  app.get(
    '/get',
    { schema: listSchema, config: { read: readList } },
    answeredBy(readList, CACHE_MS.public),
  );

  // The article with its corrections and update notes (decision 112): a note's write drops it.
  const readArticle = (slug: string) =>
    app.publicCache.article(slug, async () =>
      app.services.corrections.withNotes(await news.bySlug(slug)),
    );

  const articleSchema = { params: slugParams, response: newsList };
  app.get<{ Params: SlugParams }>(
    '/news/:slug',
    { schema: articleSchema },
    async (request, reply) => {
      // Every GET counts a view (not a HEAD), so no cache may answer in this route's place; the
      // article itself is kept in memory.
      void reply.header('cache-control', 'no-store');
      const read = await readArticle(request.params.slug);
      if (request.method === 'GET') countArticleView(app, read, request.headers);
      return ok(
        [{ ...read.news, views: read.news.views + read.counted }],
        'News fetched successfully',
      );
    },
  );

  // The beacon of VIEWS_FROM=beacon pages (docs/decisions/071): one view, nothing to show.
  const beacon = async (request: FastifyRequest<{ Params: SlugParams }>, reply: FastifyReply) => {
    const read = await readArticle(request.params.slug);
    countArticleView(app, read, request.headers);
    return reply.header('cache-control', 'no-store').status(204).send();
  };
  const beaconSchema = { params: slugParams, response: answersNothing('The view is counted') };
  app.get('/news/:slug/view', { schema: beaconSchema }, beacon);
  app.post('/news/:slug/view', { schema: beaconSchema }, beacon);

  // A person's page: who they are and their public articles, newest first (decision 103).
  const authorQuery = pageQueryOf(PAGE_SIZE.authorNews);
  const authorSchema = {
    params: slugParams,
    querystring: authorQuery,
    response: answers(authorPageSchema, { count: z.number() }),
  };
  const readAuthor = async ({ query, params }: ReadInput) => {
    const { slug } = slugParams.parse(params);
    const found = await news.author(slug, validate(authorQuery, query));
    if (!found) throw new DomainError('NOT_FOUND', `No one on the staff has the address "${slug}"`);
    return ok({ author: found.author, news: found.news }, 'Author fetched successfully', {
      count: found.count,
    });
  };
  app.get(
    '/author/:slug',
    { schema: authorSchema, config: { read: readAuthor } },
    answeredBy(readAuthor, CACHE_MS.public),
  );

  const relatedSchema = { querystring: relatedNewsQuerySchema, response: newsList };
  const readRelated = async ({ query, shows }: ReadInput) => {
    const valid = validate(relatedNewsQuerySchema, query);
    const data = await news.related(valid.category, valid.exclude);
    shows(data);
    return ok(data, 'Related news fetched successfully');
  };
  app.get(
    '/related-news',
    { schema: relatedSchema, config: { read: readRelated } },
    answeredBy(readRelated, CACHE_MS.related),
  );

  const latestSchema = { querystring: latestNewsQuerySchema, response: newsList };
  const readLatest = async ({ query, shows }: ReadInput) => {
    const valid = validate(latestNewsQuerySchema, query);
    const data = await news.latest(valid.limit, valid.exclude);
    shows(data);
    return ok(data, 'Latest news fetched successfully');
  };
  app.get(
    '/latest',
    { schema: latestSchema, config: { read: readLatest } },
    answeredBy(readLatest, CACHE_MS.public),
  );
}
