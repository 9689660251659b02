import type { FastifyInstance } from 'fastify';
import { deskSummarySchema } from '@newsroom/contract';
import { signedInActor } from '../auth/admin-guard.ts';
import { ok } from '../http/envelope.ts';
import { answers, type ContractTypeProvider } from '../http/route-schemas.ts';

/**
 * /desk: what waits for the signed-in person (the back office's sidebar count). Their articles
 * are the admin list filtered: `GET /news/get?assignee=me`.
 */
export async function deskRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ContractTypeProvider>();
  app.get(
    '',
    { config: { action: 'content.read' }, schema: { response: answers(deskSummarySchema) } },
    async (request) => ok(await app.services.desk.summary(signedInActor(request)), 'Your desk'),
  );
}
