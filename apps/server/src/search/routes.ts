import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CACHE_MS, searchHitDtoSchema, searchQuerySchema } from '@newsroom/contract';
import { ok } from '../http/envelope.ts';
import { answers, type ContractTypeProvider } from '../http/route-schemas.ts';
import { validate } from '../http/validate.ts';

/** /u/search: full-text search of public articles, open to everyone. */
export async function searchRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ContractTypeProvider>();
  const response = answers(z.array(searchHitDtoSchema), { count: z.number() });
  app.get(
    '/search',
    { schema: { querystring: searchQuerySchema, response } },
    async (request, reply) => {
      const query = validate(searchQuerySchema, request.query);
      const { data, count } = await app.services.search.search(query);
      // As fresh as the public list (decision 022); set only on success, so errors are never kept.
      void reply.header('cache-control', `public, max-age=${CACHE_MS.public / 1000}`);
      return ok(data, 'Search results fetched successfully', { count });
    },
  );
}
