import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  emailDataSchema,
  loginDataSchema,
  loginSchema,
  registerSchema,
  resendOtpSchema,
  twoFactorChallengeSchema,
  verifySchema,
} from '@newsroom/contract';
import { bearer } from './admin-guard.ts';
import { ok } from '../http/envelope.ts';
import { answers, type ContractTypeProvider } from '../http/route-schemas.ts';
import { validate } from '../http/validate.ts';
import { refuseUntrustedOrigins } from '../security/origins.ts';
import { THROTTLES } from '../security/throttle.ts';
import { clearSessionCookies, presentedRefreshToken, setSessionCookies } from './cookies.ts';
import { signInClient } from './sign-in-client.ts';

const signupQuerySchema = z.object({
  verifycode: z.string({ error: 'verifycode must be given once, as text' }).optional(),
});

/** The refresh token, when the client does not keep it in the cookie. */
const refreshBodySchema = z.object({
  refreshToken: z.string().optional().describe('when not sent as the httpOnly cookie'),
});

/**
 * The sign-up code may come in the query instead of the body: a body without one takes the
 * query's. When both are given, the service requires both to be right.
 */
function withQueryCode(body: unknown, queryCode: string | undefined): unknown {
  if (!queryCode || typeof body !== 'object' || body === null) return body;
  const { code } = body as { code?: unknown };
  return code === undefined || code === '' ? { ...body, code: queryCode } : body;
}

/** Open routes under /auth: sign-up, verification, sign-in, refresh and sign-out. */
export async function authRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ContractTypeProvider>();
  const { auth, registration } = app.services;
  const emailAnswer = answers(emailDataSchema);
  const sessionSchema = { body: refreshBodySchema, response: answers(loginDataSchema) };
  const site = app.config;

  // A browser may act on the session (and its cookies) only from this site or an allowed
  // front end.
  refuseUntrustedOrigins(app, site);

  const signupSchema = {
    querystring: signupQuerySchema,
    body: registerSchema,
    response: emailAnswer,
  };
  app.post('/admin/signup', { schema: signupSchema }, async (request) => {
    await app.throttle.consume([THROTTLES.signupPerClient, request.ip]);
    const { verifycode } = validate(signupQuerySchema, request.query);
    const input = validate(registerSchema, withQueryCode(request.body, verifycode));
    await app.throttle.consume([THROTTLES.signupPerAccount, input.email]);
    return ok(
      await registration.signup(input, verifycode),
      'Registration successful. Enter the code we sent to your e-mail to verify your account',
    );
  });

  app.post(
    '/verify',
    { schema: { body: verifySchema, response: emailAnswer } },
    async (request) => {
      await app.throttle.consume([THROTTLES.verifyPerClient, request.ip]);
      const input = validate(verifySchema, request.body);
      await app.throttle.consume([THROTTLES.verifyPerAccount, input.email]);
      return ok(
        await registration.verify(input),
        'Account verified successfully. You can now sign in',
      );
    },
  );

  const resendSchema = { body: resendOtpSchema, response: emailAnswer };
  app.post('/resend-otp', { schema: resendSchema }, async (request) => {
    await app.throttle.consume([THROTTLES.resendPerClient, request.ip]);
    const { email } = validate(resendOtpSchema, request.body);
    await app.throttle.consume([THROTTLES.resendPerAccount, email]);
    await registration.resendOtp(email);
    return ok(
      { email },
      'If this e-mail belongs to an account awaiting verification, a new code is on its way',
    );
  });

  // A person with two-factor sign-in on gets a challenge for POST /auth/login/2fa instead.
  const loginRouteSchema = {
    body: loginSchema,
    response: answers(z.union([loginDataSchema, twoFactorChallengeSchema])),
  };
  app.post('/login', { schema: loginRouteSchema }, async (request, reply) => {
    await app.throttle.consume([THROTTLES.loginPerClient, request.ip]);
    const input = validate(loginSchema, request.body);
    await app.throttle.consume([THROTTLES.loginPerAccount, input.email]);
    const answer = await auth.login(input, signInClient(request));
    await app.throttle.reset(THROTTLES.loginPerAccount, input.email);
    if ('twoFactorRequired' in answer) {
      return ok(answer, 'Enter the code of your authenticator app to finish signing in');
    }
    setSessionCookies(reply, answer, site);
    return ok(answer, 'Logged in successfully');
  });

  app.post('/refresh', { schema: sessionSchema }, async (request, reply) => {
    await app.throttle.consume([THROTTLES.refreshPerClient, request.ip]);
    const session = await auth.refresh(presentedRefreshToken(request));
    setSessionCookies(reply, session, site);
    return ok(session, 'Session refreshed');
  });

  const logoutSchema = { body: refreshBodySchema, response: answers(z.null()) };
  app.post('/logout', { schema: logoutSchema }, async (request, reply) => {
    await auth.logout(presentedRefreshToken(request), bearer(request));
    clearSessionCookies(reply, site);
    return ok(null, 'Logged out successfully');
  });
}
