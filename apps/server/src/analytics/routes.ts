import type { FastifyInstance } from 'fastify';
import {
  articleViewsSchema,
  periodOf,
  siteViewsSchema,
  viewsQuerySchema,
} from '@newsroom/contract';
import { ok } from '../http/envelope.ts';
import { answers, idParams, type ContractTypeProvider } from '../http/route-schemas.ts';
import { validate } from '../http/validate.ts';

/** /dashboard/views: the site's views per day and its most read, for admins and editors. */
export async function dashboardViewsRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ContractTypeProvider>();
  app.get(
    '/views',
    {
      config: { action: 'dashboard' },
      schema: { querystring: viewsQuerySchema, response: answers(siteViewsSchema) },
    },
    async (request) => {
      const period = periodOf(validate(viewsQuerySchema, request.query));
      return ok(await app.services.analytics.site(period), 'Views per day');
    },
  );
}

/**
 * /news/{id}/views: an article's views per day, for whoever may read it in the back office (every
 * role: `content.read`, as the article itself; decision 119).
 */
export async function articleViewsRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ContractTypeProvider>();
  app.get<{ Params: { id: string } }>(
    '/:id/views',
    {
      config: { action: 'content.read' },
      schema: {
        params: idParams,
        querystring: viewsQuerySchema,
        response: answers(articleViewsSchema),
      },
    },
    async (request) => {
      const period = periodOf(validate(viewsQuerySchema, request.query));
      return ok(
        await app.services.analytics.article(request.params.id, period),
        'Views of the article per day',
      );
    },
  );
}
