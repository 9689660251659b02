import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  correctionAmendSchema,
  correctionInputSchema,
  correctionListItemSchema,
  correctionNoteSchema,
  correctionsQuerySchema,
} from '@newsroom/contract';
import { signedInActor } from '../auth/admin-guard.ts';
import { ok } from '../http/envelope.ts';
import { answers, idParams, type ContractTypeProvider } from '../http/route-schemas.ts';
import { validate } from '../http/validate.ts';

const noteParams = z.object({ id: z.string(), noteId: z.string() });
const oneNote = answers(correctionNoteSchema);

/**
 * /news/{id}/corrections: an article's corrections and update notes for the staff (decision 112).
 * There is no call that removes one.
 */
export async function correctionRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ContractTypeProvider>();
  const { corrections } = app.services;

  app.get<{ Params: z.infer<typeof idParams> }>(
    '/:id/corrections',
    {
      config: { action: 'content.read' },
      schema: { params: idParams, response: answers(z.array(correctionNoteSchema)) },
    },
    async (request) =>
      ok(
        await corrections.staffList(request.params.id, signedInActor(request)),
        'Corrections fetched successfully',
      ),
  );

  app.post<{ Params: z.infer<typeof idParams> }>(
    '/:id/corrections',
    {
      config: { action: 'news.correct' },
      schema: { params: idParams, body: correctionInputSchema, response: oneNote },
    },
    async (request) => {
      const input = validate(correctionInputSchema, request.body);
      const note = await corrections.add(request.params.id, input, signedInActor(request));
      return ok(
        note,
        note.kind === 'correction' ? 'Correction added successfully' : 'Update note added',
      );
    },
  );

  app.put<{ Params: z.infer<typeof noteParams> }>(
    '/:id/corrections/:noteId',
    {
      config: { action: 'news.correct' },
      schema: { params: noteParams, body: correctionAmendSchema, response: oneNote },
    },
    async (request) => {
      const input = validate(correctionAmendSchema, request.body);
      const { id, noteId } = request.params;
      const note = await corrections.amend(id, noteId, input, signedInActor(request));
      return ok(note, 'Note amended successfully');
    },
  );
}

/** /u/corrections: the notes of public articles, newest first, open to everyone (cached). */
export async function correctionPublicRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ContractTypeProvider>();
  app.get(
    '/corrections',
    {
      schema: {
        querystring: correctionsQuerySchema,
        response: answers(z.array(correctionListItemSchema), { count: z.number() }),
      },
    },
    async (request) => {
      const query = validate(correctionsQuerySchema, request.query);
      const { data, count } = await app.services.corrections.page(query);
      return ok(data, 'Corrections fetched successfully', { count });
    },
  );
}
