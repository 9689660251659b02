import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { presenceBeatSchema, presenceEditorsSchema } from '@newsroom/contract';
import { signedInActor } from '../auth/admin-guard.ts';
import { ok } from '../http/envelope.ts';
import {
  answers,
  idParams,
  type ContractTypeProvider,
  type IdParams,
} from '../http/route-schemas.ts';
import { validate } from '../http/validate.ts';

const EVENTS = `A text/event-stream, not JSON: \`presence\` (data: the editors, as GET /news/{id}/presence
answers them; sent at once and on every change), \`saved\` (data: { _id, updatedAt }) and
\`takeover\` (data: { by: { _id, name }, at }, to the editors taken over). A browser's EventSource
may send the session cookie instead of the bearer header.`;

/** /news/{id}/presence and /news/{id}/events: who is editing an article, live (decision 110). */
export async function presenceRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ContractTypeProvider>();
  const presence = app.presence.service;
  const editors = answers(presenceEditorsSchema);
  const edit = { action: 'news.edit' } as const;

  app.get<{ Params: IdParams }>(
    '/:id/presence',
    { config: edit, schema: { params: idParams, response: editors } },
    async (request) =>
      ok(
        await presence.editors(request.params.id, signedInActor(request)),
        'Editors fetched successfully',
      ),
  );
  app.post<{ Params: IdParams }>(
    '/:id/presence',
    { config: edit, schema: { params: idParams, body: presenceBeatSchema, response: editors } },
    async (request) => {
      const input = validate(presenceBeatSchema, request.body ?? {});
      return ok(
        await presence.beat(request.params.id, signedInActor(request), input),
        input.takeover ? 'You are editing this article now' : 'Presence recorded',
      );
    },
  );
  app.get<{ Params: IdParams }>(
    '/:id/events',
    {
      config: { ...edit, sessionCookie: true },
      schema: {
        params: idParams,
        response: { ...answers(z.null()), 200: z.string().describe(EVENTS) },
      },
    },
    async (request, reply) => {
      await presence.open(request.params.id, signedInActor(request), request, reply);
    },
  );
}
