import type { FastifyInstance } from 'fastify';
import { nameSchema } from '@newsroom/contract';
import { ok } from '../http/envelope.ts';
import { validate } from '../http/validate.ts';

interface IdParams {
  id: string;
}

export async function categoryRoutes(app: FastifyInstance) {
  const categories = app.services.categories;
  app.post('/create', async (request) =>
    ok(
      await categories.create(validate(nameSchema, request.body)),
      'Category created successfully',
    ),
  );
  app.get('/get', async () => ok(await categories.list(), 'Categories fetched successfully'));
  app.put<{ Params: IdParams }>('/update/:id', async (request) =>
    ok(
      await categories.update(request.params.id, validate(nameSchema, request.body)),
      'Category updated successfully',
    ),
  );
  app.delete<{ Params: IdParams }>('/delete/:id', async (request) =>
    ok(await categories.delete(request.params.id), 'Category deleted successfully'),
  );
}
