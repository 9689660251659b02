import type { FastifyInstance } from 'fastify';
import { PAGE_SIZE, contactSchema, pageQueryOf } from '@newsroom/contract';
import { ok } from '../http/envelope.ts';
import { validate } from '../http/validate.ts';
import { THROTTLES } from '../security/throttle.ts';

/** POST /contact/create: public. */
export async function contactPublicRoutes(app: FastifyInstance) {
  app.post('/create', async (request) => {
    await app.throttle.consume([THROTTLES.contactPerClient, request.ip]);
    const input = validate(contactSchema, request.body);
    await app.throttle.consume([THROTTLES.contactPerAccount, input.email]);
    return ok(await app.services.contacts.create(input), 'Message sent successfully');
  });
}

/** GET /admin-contact/get: admin. */
export async function contactAdminRoutes(app: FastifyInstance) {
  const pageQuery = pageQueryOf(PAGE_SIZE.contacts);
  app.get('/get', async (request) => {
    const { data, count } = await app.services.contacts.list(validate(pageQuery, request.query));
    return ok(data, 'Contacts fetched successfully', { count, totalCount: [{ count }] });
  });
}
