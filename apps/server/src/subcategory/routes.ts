import type { FastifyInstance } from 'fastify';
import { subCategoryListQuerySchema, subCategorySchema } from '@newsroom/contract';
import { ok } from '../http/envelope.ts';
import { validate } from '../http/validate.ts';

interface IdParams {
  id: string;
}

export async function subCategoryRoutes(app: FastifyInstance) {
  const subcategories = app.services.subcategories;

  app.post('/create', async (request) =>
    ok(
      await subcategories.create(validate(subCategorySchema, request.body)),
      'Sub-category created successfully',
    ),
  );
  app.get('/get-list', async (request) => {
    const { data, count } = await subcategories.list(
      validate(subCategoryListQuerySchema, request.query),
    );
    return ok(data, 'Sub-categories fetched successfully', { count });
  });
  app.get<{ Params: IdParams }>('/get/:id', async (request) =>
    ok(await subcategories.get(request.params.id), 'Sub-category fetched successfully'),
  );
  app.put<{ Params: IdParams }>('/update/:id', async (request) =>
    ok(
      await subcategories.update(request.params.id, validate(subCategorySchema, request.body)),
      'Sub-category updated successfully',
    ),
  );
  app.delete<{ Params: IdParams }>('/delete/:id', async (request) =>
    ok(await subcategories.delete(request.params.id), 'Sub-category deleted successfully'),
  );
}
