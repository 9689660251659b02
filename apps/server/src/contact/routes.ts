import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PAGE_SIZE, contactDtoSchema, contactSchema, pageQueryOf } from '@newsroom/contract';
import { ok } from '../http/envelope.ts';
import { answers, type ContractTypeProvider } from '../http/route-schemas.ts';
import { validate } from '../http/validate.ts';
import { THROTTLES } from '../security/throttle.ts';

/** POST /contact/create: public. */
export async function contactPublicRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ContractTypeProvider>();
  app.post(
    '/create',
    { schema: { body: contactSchema, response: answers(contactDtoSchema) } },
    async (request) => {
      await app.throttle.consume([THROTTLES.contactPerClient, request.ip]);
      const input = validate(contactSchema, request.body);
      await app.throttle.consume([THROTTLES.contactPerAccount, input.email]);
      return ok(await app.services.contacts.create(input), 'Message sent successfully');
    },
  );
}

/** GET /admin-contact/get: admin. */
export async function contactAdminRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ContractTypeProvider>();
  const pageQuery = pageQueryOf(PAGE_SIZE.contacts);
  const response = answers(z.array(contactDtoSchema), {
    count: z.number(),
    totalCount: z.array(z.object({ count: z.number() })),
  });
  app.get('/get', { schema: { querystring: pageQuery, response } }, async (request) => {
    const { data, count } = await app.services.contacts.list(validate(pageQuery, request.query));
    return ok(data, 'Contacts fetched successfully', { count, totalCount: [{ count }] });
  });
}
