import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  subCategoryDtoSchema,
  subCategoryListQuerySchema,
  subCategorySchema,
} from '@newsroom/contract';
import { signedInActor } from '../auth/admin-guard.ts';
import { ok } from '../http/envelope.ts';
import { recordWriteRoutes } from '../http/record-routes.ts';
import {
  answers,
  idParams,
  type ContractTypeProvider,
  type IdParams,
} from '../http/route-schemas.ts';
import { validate } from '../http/validate.ts';

export async function subCategoryRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ContractTypeProvider>();
  const subcategories = app.services.subcategories;

  recordWriteRoutes(app, {
    label: 'Sub-category',
    input: subCategorySchema,
    record: subCategoryDtoSchema,
    service: subcategories,
    actor: signedInActor,
  });
  app.get(
    '/get-list',
    {
      schema: {
        querystring: subCategoryListQuerySchema,
        response: answers(z.array(subCategoryDtoSchema), { count: z.number() }),
      },
    },
    async (request) => {
      const { data, count } = await subcategories.list(
        validate(subCategoryListQuerySchema, request.query),
      );
      return ok(data, 'Sub-categories fetched successfully', { count });
    },
  );
  app.get<{ Params: IdParams }>(
    '/get/:id',
    { schema: { params: idParams, response: answers(subCategoryDtoSchema) } },
    async (request) =>
      ok(await subcategories.get(request.params.id), 'Sub-category fetched successfully'),
  );
}
