import type { FastifyInstance } from 'fastify';
import { nameSchema } from '@newsroom/contract';
import { ok } from '../http/envelope.ts';
import { validate } from '../http/validate.ts';
import type { PersonService } from './service.ts';

interface IdParams {
  id: string;
}

/** CRUD routes for anchors or publishers, under the prefix this plugin is registered at. */
export function personRoutes(service: PersonService) {
  const label = service.kind.label;
  return async function routes(app: FastifyInstance) {
    app.post('/create', async (request) =>
      ok(await service.create(validate(nameSchema, request.body)), `${label} created successfully`),
    );
    app.get('/get', async () => ok(await service.list(), `${label}s fetched successfully`));
    app.put<{ Params: IdParams }>('/update/:id', async (request) =>
      ok(
        await service.update(request.params.id, validate(nameSchema, request.body)),
        `${label} updated successfully`,
      ),
    );
    app.delete<{ Params: IdParams }>('/delete/:id', async (request) =>
      ok(await service.delete(request.params.id), `${label} deleted successfully`),
    );
  };
}
