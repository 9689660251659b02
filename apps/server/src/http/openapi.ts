import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The security scheme of the admin routes, named on each of them by the admin guard. */
export const BEARER_AUTH = 'bearerAuth';

/**
 * The OpenAPI document of this scope's routes, made from their contract schemas (decision 092):
 * served raw at `/openapi.json` (no envelope: what OpenAPI tools read), and readable at `/docs`,
 * whose page and assets all come from this origin. Registered before the routes it describes.
 */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Newsroom API',
        version: '1',
        description:
          'Every answer is `{ statusCode, data, message }` (errors add `code`, and `errors` for ' +
          'invalid input); what the schemas cannot say is in docs/api.md.',
      },
      components: {
        securitySchemes: { [BEARER_AUTH]: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    // Operations are grouped by the first segment of their path (`/api/v1/news/…`: news).
    transform: (route) => {
      const { schema, url } = jsonSchemaTransform(route);
      return { schema: { tags: [url.split('/')[3] ?? ''], ...schema }, url };
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  app.get('/openapi.json', { schema: { hide: true } }, async (_request, reply) => {
    void reply.header('cache-control', 'no-cache');
    return app.swagger();
  });
}
