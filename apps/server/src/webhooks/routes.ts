import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  webhookCreatedSchema,
  webhookDeliveriesQuerySchema,
  webhookDeliverySchema,
  webhookInputSchema,
  webhookSchema,
  webhookUpdateSchema,
} from '@newsroom/contract';
import { signedInActor } from '../auth/admin-guard.ts';
import { ok } from '../http/envelope.ts';
import {
  answers,
  idParams,
  type ContractTypeProvider,
  type IdParams,
} from '../http/route-schemas.ts';
import { validate } from '../http/validate.ts';

const deliveryParams = idParams.extend({ deliveryId: z.string() });
type DeliveryParams = z.infer<typeof deliveryParams>;

/** /webhooks: endpoints, their deliveries, "send again" and "send a test" (decision 117); admins. */
export async function webhookRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ContractTypeProvider>();
  const { webhooks } = app.services;
  const config = { action: 'webhooks' } as const;
  const one = answers(webhookSchema);
  const delivery = answers(webhookDeliverySchema);

  app.get('', { config, schema: { response: answers(z.array(webhookSchema)) } }, async () =>
    ok(await webhooks.list(), 'Webhooks fetched successfully'),
  );

  app.post(
    '',
    { config, schema: { body: webhookInputSchema, response: answers(webhookCreatedSchema) } },
    async (request) =>
      ok(
        await webhooks.create(validate(webhookInputSchema, request.body), signedInActor(request)),
        'Webhook registered: keep its secret now, it is not shown again',
      ),
  );

  app.put<{ Params: IdParams }>(
    '/:id',
    { config, schema: { params: idParams, body: webhookUpdateSchema, response: one } },
    async (request) =>
      ok(
        await webhooks.update(
          request.params.id,
          validate(webhookUpdateSchema, request.body),
          signedInActor(request),
        ),
        'Webhook updated successfully',
      ),
  );

  app.delete<{ Params: IdParams }>(
    '/:id',
    { config, schema: { params: idParams, response: one } },
    async (request) =>
      ok(
        await webhooks.remove(request.params.id, signedInActor(request)),
        'Webhook removed successfully',
      ),
  );

  app.get<{ Params: IdParams }>(
    '/:id/deliveries',
    {
      config,
      schema: {
        params: idParams,
        querystring: webhookDeliveriesQuerySchema,
        response: answers(z.array(webhookDeliverySchema), { count: z.number() }),
      },
    },
    async (request) => {
      const { page } = validate(webhookDeliveriesQuerySchema, request.query);
      const { data, count } = await webhooks.deliveries(request.params.id, page);
      return ok(data, 'Deliveries fetched successfully', { count });
    },
  );

  app.post<{ Params: DeliveryParams }>(
    '/:id/deliveries/:deliveryId/retry',
    { config, schema: { params: deliveryParams, response: delivery } },
    async (request) =>
      ok(
        await webhooks.resend(request.params.id, request.params.deliveryId),
        'Delivery queued to be sent again',
      ),
  );

  app.post<{ Params: IdParams }>(
    '/:id/test',
    { config, schema: { params: idParams, response: delivery } },
    async (request) => ok(await webhooks.test(request.params.id), 'Test delivery queued'),
  );
}
