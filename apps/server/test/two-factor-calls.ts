import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import { ADMIN_PASSWORD, clientAddress } from './fixtures.ts';
import { call } from './helpers.ts';
import type { MovableClock } from './movable-clock.ts';

/** The code an authenticator app shows for `secret` at the app's time. */
export function codeAt(secret: string, clock: MovableClock): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    timestamp: clock.now().getTime(),
  });
}

/** A value the test has just made sure of (a row it listed), without `!`. */
export function defined<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('expected a value');
  return value;
}

export const bearerOf = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });

/** POST /auth/login from an address of its own. */
export const login = (app: FastifyInstance, email: string, password = ADMIN_PASSWORD) =>
  call(app, {
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password },
    remoteAddress: clientAddress(),
  });

/** POST /auth/login/2fa with a code or a recovery code. */
export const secondStep = (
  app: FastifyInstance,
  payload: Record<string, unknown>,
  remoteAddress = clientAddress(),
) => call(app, { method: 'POST', url: '/api/v1/auth/login/2fa', payload, remoteAddress });

/**
 * Turns two-factor sign-in on for a signed-in person, as the Security screen does: setup, then
 * the first code. Answers the secret and the recovery codes; the clock is moved past the step of
 * the code used.
 */
export async function enrol(app: FastifyInstance, accessToken: string, clock: MovableClock) {
  const setup = await call(app, {
    method: 'POST',
    url: '/api/v1/auth/2fa/setup',
    headers: bearerOf(accessToken),
  });
  expect(setup.status).toBe(200);
  const secret = setup.body.data.secret as string;
  const enabled = await call(app, {
    method: 'POST',
    url: '/api/v1/auth/2fa/enable',
    headers: bearerOf(accessToken),
    payload: { code: codeAt(secret, clock) },
  });
  expect(enabled.status).toBe(200);
  clock.advance(30_000);
  return { secret, recoveryCodes: enabled.body.data.recoveryCodes as string[] };
}
