import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { auditEntrySchema, auditQuerySchema } from '@newsroom/contract';
import type { Actor } from '../domain/actor.ts';
import { ok } from '../http/envelope.ts';
import { answers, type ContractTypeProvider } from '../http/route-schemas.ts';
import { validate } from '../http/validate.ts';

/**
 * GET /audit: the audit trail, newest first, with filters. There is no call that changes it.
 * `actorOf` names the signed-in reader (the admin guard's `signedInActor`; the guard's room writes
 * entries of its own, so this one does not import it).
 */
export const auditRoutes = (actorOf: (request: FastifyRequest) => Actor) =>
  async function routes(scope: FastifyInstance) {
    const app = scope.withTypeProvider<ContractTypeProvider>();
    app.get(
      '',
      {
        config: { action: 'audit' },
        schema: {
          querystring: auditQuerySchema,
          response: answers(z.array(auditEntrySchema), {
            count: z.number(),
            countCapped: z.boolean(),
          }),
        },
      },
      async (request) => {
        const { data, count, countCapped } = await app.services.audit.list(
          actorOf(request),
          validate(auditQuerySchema, request.query),
        );
        return ok(data, 'Audit entries fetched successfully', { count, countCapped });
      },
    );
  };
