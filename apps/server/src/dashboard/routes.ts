import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { dashboardCardsSchema, popularNewsDtoSchema } from '@newsroom/contract';
import { ok } from '../http/envelope.ts';
import { answers, type ContractTypeProvider } from '../http/route-schemas.ts';

export async function dashboardRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ContractTypeProvider>();
  app.get('/cards', { schema: { response: answers(dashboardCardsSchema) } }, async () =>
    ok(await app.services.dashboard.cards(), 'Dashboard totals'),
  );
  app.get(
    '/popular-news',
    { schema: { response: answers(z.array(popularNewsDtoSchema)) } },
    async () => ok(await app.services.dashboard.popularNews(), 'Popular news'),
  );
}
