import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  autosaveFieldsSchema,
  autosaveSchema,
  compareQuerySchema,
  newsDtoSchema,
  revisionComparisonSchema,
  revisionPageQuerySchema,
  revisionRetentionSchema,
  revisionSchema,
  revisionSummarySchema,
} from '@newsroom/contract';
import { signedInActor } from '../auth/admin-guard.ts';
import { ok } from '../http/envelope.ts';
import {
  answers,
  idParams,
  type ContractTypeProvider,
  type IdParams,
} from '../http/route-schemas.ts';
import { validate } from '../http/validate.ts';

const revisionParams = z.object({ id: z.string(), revisionId: z.string() });
type RevisionParams = z.infer<typeof revisionParams>;

/** /news/{id}/revisions and /news/{id}/autosave: an article's history and one's private copy. */
export async function revisionRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ContractTypeProvider>();
  const { revisions, autosaves } = app.services;
  // Reading, restoring and autosaving follow the edit rights, checked on the article itself.
  const config = { action: 'news.edit' } as const;

  app.get<{ Params: IdParams }>(
    '/:id/revisions',
    {
      config,
      schema: {
        params: idParams,
        querystring: revisionPageQuerySchema,
        response: answers(z.array(revisionSummarySchema), { count: z.number() }),
      },
    },
    async (request) => {
      const page = validate(revisionPageQuerySchema, request.query);
      const { data, count } = await revisions.list(request.params.id, page, signedInActor(request));
      return ok(data, 'Revisions fetched successfully', { count });
    },
  );
  app.get<{ Params: IdParams }>(
    '/:id/revisions/compare',
    {
      config,
      schema: {
        params: idParams,
        querystring: compareQuerySchema,
        response: answers(revisionComparisonSchema),
      },
    },
    async (request) => {
      const { from, to } = validate(compareQuerySchema, request.query);
      return ok(
        await revisions.compare(request.params.id, from, to, signedInActor(request)),
        'Revisions compared successfully',
      );
    },
  );
  app.get<{ Params: RevisionParams }>(
    '/:id/revisions/:revisionId',
    { config, schema: { params: revisionParams, response: answers(revisionSchema) } },
    async (request) => {
      const { id, revisionId } = request.params;
      return ok(
        await revisions.get(id, revisionId, signedInActor(request)),
        'Revision fetched successfully',
      );
    },
  );
  app.post<{ Params: RevisionParams }>(
    '/:id/revisions/:revisionId/restore',
    { config, schema: { params: revisionParams, response: answers(newsDtoSchema) } },
    async (request) => {
      const { id, revisionId } = request.params;
      return ok(
        await revisions.restore(id, revisionId, signedInActor(request)),
        'Revision restored: it is the article’s latest revision now',
      );
    },
  );

  app.put<{ Params: IdParams }>(
    '/:id/autosave',
    {
      config,
      schema: { params: idParams, body: autosaveFieldsSchema, response: answers(autosaveSchema) },
    },
    async (request) => {
      const fields = validate(autosaveFieldsSchema, request.body ?? {});
      return ok(
        await autosaves.save(request.params.id, fields, signedInActor(request)),
        'Autosaved',
      );
    },
  );
  app.get<{ Params: IdParams }>(
    '/:id/autosave',
    { config, schema: { params: idParams, response: answers(autosaveSchema.nullable()) } },
    async (request) =>
      ok(
        await autosaves.read(request.params.id, signedInActor(request)),
        'Autosave fetched successfully',
      ),
  );
  app.delete<{ Params: IdParams }>(
    '/:id/autosave',
    { config, schema: { params: idParams, response: answers(z.null()) } },
    async (request) => {
      await autosaves.discard(request.params.id, signedInActor(request));
      return ok(null, 'Autosave discarded');
    },
  );
}

/** /settings/revisions: how long the revisions of a deleted article are kept (admins). */
export async function revisionSettingsRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ContractTypeProvider>();
  const { revisionRetention } = app.services;
  const config = { action: 'settings.write' } as const;
  const schema = { response: answers(revisionRetentionSchema) };

  app.get('/revisions', { config, schema }, async () =>
    ok(await revisionRetention.read(), 'Revision settings fetched successfully'),
  );
  app.put(
    '/revisions',
    { config, schema: { ...schema, body: revisionRetentionSchema } },
    async (request) =>
      ok(
        await revisionRetention.write(
          signedInActor(request),
          validate(revisionRetentionSchema, request.body),
        ),
        'Revision settings saved',
      ),
  );
}
