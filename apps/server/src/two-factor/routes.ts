import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  loginDataSchema,
  loginTwoFactorSchema,
  recoveryCodesSchema,
  securitySettingsSchema,
  twoFactorDisableSchema,
  twoFactorEnableSchema,
  twoFactorSetupSchema,
} from '@newsroom/contract';
import { signedInActor, signedInAdmin } from '../auth/admin-guard.ts';
import { setSessionCookies } from '../auth/cookies.ts';
import { signInClient } from '../auth/sign-in-client.ts';
import { ok } from '../http/envelope.ts';
import { answers, type ContractTypeProvider } from '../http/route-schemas.ts';
import { validate } from '../http/validate.ts';
import { refuseUntrustedOrigins } from '../security/origins.ts';
import { THROTTLES } from '../security/throttle.ts';

/** /auth/2fa: a person's own two-factor sign-in; behind the guard, action `account`. */
export async function twoFactorAccountRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ContractTypeProvider>();
  const { twoFactor } = app.services;

  app.post('/setup', { schema: { response: answers(twoFactorSetupSchema) } }, async (request) =>
    ok(
      await twoFactor.setup(signedInAdmin(request)),
      'Scan the code with your authenticator app, then enter the code it shows',
    ),
  );

  const enableSchema = { body: twoFactorEnableSchema, response: answers(recoveryCodesSchema) };
  app.post('/enable', { schema: enableSchema }, async (request) => {
    const admin = signedInAdmin(request);
    const { code } = validate(twoFactorEnableSchema, request.body);
    await app.throttle.consume([THROTTLES.twoFactorSetupPerAccount, admin.id]);
    const answer = await twoFactor.enable(admin, code, request.ip);
    await app.throttle.reset(THROTTLES.twoFactorSetupPerAccount, admin.id);
    return ok(answer, 'Two-factor sign-in is on. Keep your recovery codes somewhere safe');
  });

  const disableSchema = { body: twoFactorDisableSchema, response: answers(z.null()) };
  app.post('/disable', { schema: disableSchema }, async (request) => {
    const admin = signedInAdmin(request);
    const { password } = validate(twoFactorDisableSchema, request.body);
    // A stolen access token must not get unlimited guesses at the password.
    await app.throttle.consume([THROTTLES.twoFactorDisablePerAccount, admin.id]);
    await twoFactor.disable(admin, password, request.ip);
    await app.throttle.reset(THROTTLES.twoFactorDisablePerAccount, admin.id);
    return ok(null, 'Two-factor sign-in is off');
  });
}

/**
 * POST /auth/login/2fa (open): the second step of a sign-in, with a code of the app or a recovery
 * code. Wrong codes are counted per client and per person, as passwords are.
 */
export async function twoFactorSignInRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ContractTypeProvider>();
  const { twoFactor } = app.services;
  const site = app.config;
  refuseUntrustedOrigins(app, site);

  const schema = { body: loginTwoFactorSchema, response: answers(loginDataSchema) };
  app.post('/login/2fa', { schema }, async (request, reply) => {
    await app.throttle.consume([THROTTLES.twoFactorPerClient, request.ip]);
    const input = validate(loginTwoFactorSchema, request.body);
    const adminId = await twoFactor.challengedPerson(input.challenge);
    await app.throttle.consume([THROTTLES.twoFactorPerAccount, adminId]);
    const client = signInClient(request);
    const session =
      input.code !== undefined
        ? await twoFactor.signInWithCode(input.challenge, input.code, client)
        : await twoFactor.signInWithRecoveryCode(input.challenge, input.recoveryCode ?? '', client);
    await app.throttle.reset(THROTTLES.twoFactorPerAccount, adminId);
    setSessionCookies(reply, session, site);
    return ok(session, 'Logged in successfully');
  });
}

/** /settings/security: who must sign in with two factors; admins only (`settings.write`). */
export async function securitySettingsRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ContractTypeProvider>();
  const { twoFactor } = app.services;
  const schema = { response: answers(securitySettingsSchema) };
  const action = { action: 'settings.write' } as const;

  app.get('/security', { config: action, schema }, async () =>
    ok(await twoFactor.security(), 'Security settings fetched successfully'),
  );
  app.put(
    '/security',
    { config: action, schema: { ...schema, body: securitySettingsSchema } },
    async (request) => {
      const { requireTwoFactor } = validate(securitySettingsSchema, request.body);
      return ok(
        await twoFactor.setSecurity(signedInActor(request), requireTwoFactor),
        'Security settings saved: they apply from each person’s next sign-in',
      );
    },
  );
}
