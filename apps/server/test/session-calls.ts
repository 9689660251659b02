import type { FastifyInstance } from 'fastify';
import { ADMIN_PASSWORD, clientAddress, createAdmin } from './fixtures.ts';
import { call } from './helpers.ts';

/** What the guard answers to an access token of an ended session. */
export const SESSION_REFUSED = 'Your session has expired or is invalid. Please sign in again';

export interface SignedIn {
  admin: { id: string; email: string };
  accessToken: string;
  refreshToken: string;
}

/** Signs an admin in through POST /auth/login; a new verified admin unless one is given. */
export async function signIn(
  app: FastifyInstance,
  admin?: { id: string; email: string },
  password = ADMIN_PASSWORD,
): Promise<SignedIn> {
  const who = admin ?? (await createAdmin(app));
  const res = await call(app, {
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email: who.email, password },
    remoteAddress: clientAddress(),
  });
  if (res.status !== 200) throw new Error(`login answered ${res.status}: ${res.body.message}`);
  return { admin: who, ...(res.body.data as { accessToken: string; refreshToken: string }) };
}

/** An admin call with the given access token. */
export const adminCall = (app: FastifyInstance, accessToken: string) =>
  call(app, {
    method: 'GET',
    url: '/api/v1/category/get',
    headers: { authorization: `Bearer ${accessToken}` },
  });

export const logout = (app: FastifyInstance, headers: Record<string, string>) =>
  call(app, { method: 'POST', url: '/api/v1/auth/logout', headers });

export const refresh = (app: FastifyInstance, refreshToken: string) =>
  call(app, {
    method: 'POST',
    url: '/api/v1/auth/refresh',
    headers: { cookie: `refreshToken=${refreshToken}` },
    remoteAddress: clientAddress(),
  });

/**
 * Asks `check` again, a bounded number of times, until it holds: for what another instance learns
 * through Redis, which arrives a moment after the call that caused it returned.
 */
export async function eventually(check: () => Promise<boolean>, tries = 100): Promise<boolean> {
  for (let i = 0; i < tries; i++) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}
