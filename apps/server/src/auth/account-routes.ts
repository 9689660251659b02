import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { changePasswordSchema, meSchema, sessionDtoSchema } from '@newsroom/contract';
import { signedInAdmin } from './admin-guard.ts';
import { ok } from '../http/envelope.ts';
import {
  answers,
  idParams,
  type ContractTypeProvider,
  type IdParams,
} from '../http/route-schemas.ts';
import { validate } from '../http/validate.ts';
import { THROTTLES } from '../security/throttle.ts';

/** Routes under /auth for signed-in staff: their account; registered behind the admin guard. */
export async function accountRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ContractTypeProvider>();
  app.get('/me', { schema: { response: answers(meSchema) } }, async (request) =>
    ok(await app.services.auth.me(signedInAdmin(request)), 'Account fetched successfully'),
  );
  const schema = { body: changePasswordSchema, response: answers(z.null()) };
  app.post('/change-password', { schema }, async (request) => {
    const admin = signedInAdmin(request);
    const input = validate(changePasswordSchema, request.body);
    // Someone holding a stolen access token must not get unlimited guesses at the password.
    await app.throttle.consume([THROTTLES.passwordChangePerAccount, admin.id]);
    await app.services.auth.changePassword(admin, input, request.ip);
    await app.throttle.reset(THROTTLES.passwordChangePerAccount, admin.id);
    return ok(null, 'Password changed. You were signed out everywhere else');
  });

  app.get(
    '/sessions',
    { schema: { response: answers(z.array(sessionDtoSchema)) } },
    async (request) =>
      ok(
        await app.services.auth.sessionsOf(signedInAdmin(request)),
        'Sessions fetched successfully',
      ),
  );
  app.delete<{ Params: IdParams }>(
    '/sessions/:id',
    { schema: { params: idParams, response: answers(z.null()) } },
    async (request) => {
      await app.services.auth.endOwnSession(signedInAdmin(request), request.params.id, request.ip);
      return ok(null, 'That session is signed out');
    },
  );
}
