import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { categoryDtoSchema, nameSchema } from '@newsroom/contract';
import { signedInActor } from '../auth/admin-guard.ts';
import { ok } from '../http/envelope.ts';
import { recordWriteRoutes } from '../http/record-routes.ts';
import { answers, type ContractTypeProvider } from '../http/route-schemas.ts';

export async function categoryRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ContractTypeProvider>();
  const categories = app.services.categories;
  recordWriteRoutes(app, {
    label: 'Category',
    input: nameSchema,
    record: categoryDtoSchema,
    service: categories,
    actor: signedInActor,
  });
  app.get('/get', { schema: { response: answers(z.array(categoryDtoSchema)) } }, async () =>
    ok(await categories.list(), 'Categories fetched successfully'),
  );
}
