import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { nameSchema, personDtoSchema } from '@newsroom/contract';
import { signedInActor } from '../auth/admin-guard.ts';
import { ok } from '../http/envelope.ts';
import { recordWriteRoutes } from '../http/record-routes.ts';
import { answers, type ContractTypeProvider } from '../http/route-schemas.ts';
import type { PersonService } from './service.ts';

/** CRUD routes for anchors or publishers, under the prefix this plugin is registered at. */
export function personRoutes(service: PersonService) {
  const label = service.kind.label;
  return async function routes(scope: FastifyInstance) {
    const app = scope.withTypeProvider<ContractTypeProvider>();
    recordWriteRoutes(app, {
      label,
      input: nameSchema,
      record: personDtoSchema,
      service,
      actor: signedInActor,
    });
    app.get('/get', { schema: { response: answers(z.array(personDtoSchema)) } }, async () =>
      ok(await service.list(), `${label}s fetched successfully`),
    );
  };
}
