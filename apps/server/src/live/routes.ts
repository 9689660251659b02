import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  LIVE_MESSAGES,
  liveCoverageInputSchema,
  liveCoverageSchema,
  liveEntryHistorySchema,
  liveEntryInputSchema,
  liveEntrySchema,
  liveEntryUpdateSchema,
  livePageExtras,
  livePageQuerySchema,
} from '@newsroom/contract';
import { signedInActor } from '../auth/admin-guard.ts';
import { DomainError, validationFailed } from '../domain/errors.ts';
import { ok } from '../http/envelope.ts';
import {
  answers,
  idParams,
  type ContractTypeProvider,
  type IdParams,
} from '../http/route-schemas.ts';
import { validate } from '../http/validate.ts';
import { readNewsInput } from '../news/input.ts';
import { openLiveStream, seenOf } from './stream.ts';

const entryParams = z.object({ id: z.string(), entryId: z.string() });
type EntryParams = z.infer<typeof entryParams>;
const slugParams = z.object({ slug: z.string() });
type SlugParams = z.infer<typeof slugParams>;

/** An entry is JSON, or a multipart form with its picture in `image`. */
const entryForm = { consumes: ['multipart/form-data', 'application/json'] } as const;
const image = z.file().optional().describe('multipart only: the picture (at most 500 KB)');
const oneEntry = answers(liveEntrySchema);
const page = answers(z.array(liveEntrySchema), livePageExtras);

const EVENTS = `A text/event-stream, not JSON. Events \`entry\` (data: a new entry, as the list
answers it), \`entry-updated\` (data: the entry as it is now), \`entry-deleted\` (data: { _id })
and \`ended\` (data: { liveEndedAt }; the stream closes). Each carries an \`id:\`, the live page's
change number: a reconnecting browser sends the last as \`Last-Event-ID\` and gets every change
it missed once. \`lastEventId\` in the query does the same for a first connection (the page's
\`coverage.lastEventId\`). A page whose coverage ended answers 204 once nothing is left to send.`;

/** The picture of a multipart entry, and its other fields. */
async function entryInput(request: FastifyRequest) {
  const input = await readNewsInput(request);
  return { fields: input.fields, image: input.image };
}

/**
 * /news/{id}/live: a live page's entries and coverage for the staff (decision 115), each write
 * checked again on the article itself (own articles for authors).
 */
export async function liveRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ContractTypeProvider>();
  const live = app.live.service;
  const write = { action: 'news.live' } as const;

  app.get<{ Params: IdParams }>(
    '/:id/live',
    {
      config: { action: 'content.read' },
      schema: { params: idParams, querystring: livePageQuerySchema, response: page },
    },
    async (request) => {
      const query = validate(livePageQuerySchema, request.query);
      const { data, ...extras } = await live.staffPage(request.params.id, query);
      return ok(data, 'Live entries fetched successfully', extras);
    },
  );

  app.post<{ Params: IdParams }>(
    '/:id/live',
    {
      config: write,
      schema: {
        ...entryForm,
        params: idParams,
        body: liveEntryInputSchema.extend({ image }),
        response: oneEntry,
      },
    },
    async (request) => {
      const { fields, image } = await entryInput(request);
      const input = validate(liveEntryInputSchema, fields);
      const entry = await live.add(request.params.id, input, image, signedInActor(request));
      return ok(entry, 'Live entry added');
    },
  );

  app.put<{ Params: IdParams }>(
    '/:id/live',
    {
      config: write,
      schema: {
        params: idParams,
        body: liveCoverageInputSchema,
        response: answers(liveCoverageSchema),
      },
    },
    async (request) => {
      const { ended } = validate(liveCoverageInputSchema, request.body ?? {});
      const coverage = await live.setCoverage(request.params.id, ended, signedInActor(request));
      return ok(coverage, ended ? 'Coverage ended' : 'Coverage goes on');
    },
  );

  app.put<{ Params: EntryParams }>(
    '/:id/live/:entryId',
    {
      config: write,
      schema: {
        ...entryForm,
        params: entryParams,
        body: liveEntryUpdateSchema.extend({ image }),
        response: oneEntry,
      },
    },
    async (request) => {
      const { fields, image } = await entryInput(request);
      const input = validate(liveEntryUpdateSchema, fields);
      const { id, entryId } = request.params;
      const entry = await live.edit(id, entryId, input, image, signedInActor(request));
      return ok(entry, 'Live entry updated');
    },
  );

  app.delete<{ Params: EntryParams }>(
    '/:id/live/:entryId',
    { config: write, schema: { params: entryParams, response: oneEntry } },
    async (request) => {
      const { id, entryId } = request.params;
      return ok(await live.remove(id, entryId, signedInActor(request)), 'Live entry deleted');
    },
  );

  app.get<{ Params: EntryParams }>(
    '/:id/live/:entryId/history',
    {
      config: { action: 'content.read' },
      schema: { params: entryParams, response: answers(liveEntryHistorySchema) },
    },
    async (request) => {
      const { id, entryId } = request.params;
      return ok(await live.history(id, entryId), 'Live entry history fetched successfully');
    },
  );
}

/** /u/news/{slug}/live: a page of a public live page's entries, open to all (cached). */
export async function livePublicRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ContractTypeProvider>();
  app.get<{ Params: SlugParams }>(
    '/news/:slug/live',
    { schema: { params: slugParams, querystring: livePageQuerySchema, response: page } },
    async (request) => {
      const query = validate(livePageQuerySchema, request.query);
      const { data, ...extras } = await app.live.service.publicPage(request.params.slug, query);
      return ok(data, 'Live entries fetched successfully', extras);
    },
  );
}

/** /u/news/{slug}/live/events: a public live page's changes as they happen (never cached). */
export async function liveStreamRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ContractTypeProvider>();
  app.get<{ Params: SlugParams; Querystring: { lastEventId?: string } }>(
    '/news/:slug/live/events',
    {
      schema: {
        params: slugParams,
        querystring: z.object({ lastEventId: z.string().optional() }),
        response: {
          ...answers(z.null()),
          200: z.string().describe(EVENTS),
          204: z.null().describe('coverage ended and nothing is left to send'),
        },
      },
    },
    async (request, reply) => {
      const { live } = app;
      const article = await live.service.publicArticle(request.params.slug);
      if (!article) throw new DomainError('NOT_FOUND', 'No live page at this address');
      const seen = seenOf(request.headers['last-event-id'], request.query.lastEventId);
      if (seen === 'bad') {
        throw validationFailed([{ path: 'lastEventId', message: LIVE_MESSAGES.lastEventId }]);
      }
      const from = seen ?? article.seq;
      if (article.endedAt && from >= article.seq) return reply.code(204).send();
      openLiveStream(reply);
      await live.fanout.join(article.id, reply.raw, from, article.seq);
    },
  );
}
