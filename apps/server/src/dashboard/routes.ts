import type { FastifyInstance } from 'fastify';
import { ok } from '../http/envelope.ts';

export async function dashboardRoutes(app: FastifyInstance) {
  app.get('/cards', async () => ok(await app.services.dashboard.cards(), 'Dashboard totals'));
  app.get('/popular-news', async () =>
    ok(await app.services.dashboard.popularNews(), 'Popular news'),
  );
}
