import type { Role } from '@newsroom/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD } from './fixtures.ts';
import { call, createTestApp } from './helpers.ts';
import { MovableClock } from './movable-clock.ts';
import { adminCall, signIn } from './session-calls.ts';
import { bearerOf, codeAt, login } from './two-factor-calls.ts';

/* The site's requirement of two-factor sign-in (PUT /settings/security; decision 101). */

const clock = new MovableClock();
const t = await createTestApp({}, { clock });
afterAll(() => t.close());

const admin = await signIn(t.app);

async function person(role: Role) {
  return t.app.services.registration.createAdmin({
    name: `Required ${role}`,
    email: `${role}-${Math.random().toString(36).slice(2)}@example.com`,
    password: ADMIN_PASSWORD,
    verified: true,
    role,
  });
}

const putSecurity = (headers: Record<string, string>, payload: Record<string, unknown>) =>
  call(t.app, { method: 'PUT', url: '/api/v1/settings/security', headers, payload });

describe('the security settings', () => {
  it('start at nobody, and an admin sets every role or chosen roles', async () => {
    const read = () =>
      call(t.app, {
        method: 'GET',
        url: '/api/v1/settings/security',
        headers: bearerOf(admin.accessToken),
      });
    expect((await read()).body.data).toEqual({ requireTwoFactor: 'none' });
    const all = await putSecurity(bearerOf(admin.accessToken), { requireTwoFactor: 'all' });
    expect(all.status).toBe(200);
    expect(all.body.data).toEqual({ requireTwoFactor: 'all' });
    expect((await read()).body.data).toEqual({ requireTwoFactor: 'all' });
    await putSecurity(bearerOf(admin.accessToken), { requireTwoFactor: ['editor', 'author'] });
    expect((await read()).body.data).toEqual({ requireTwoFactor: ['editor', 'author'] });
    await putSecurity(bearerOf(admin.accessToken), { requireTwoFactor: 'none' });
  });

  it.each([['some'], [[]], [['admin', 'chief']], [['admin', 'admin']], [null]])(
    'refuses %j with 400 and changes nothing',
    async (value) => {
      const settings = () => t.app.db.kysely.selectFrom('settings').selectAll().execute();
      const before = await settings();
      const res = await putSecurity(bearerOf(admin.accessToken), { requireTwoFactor: value });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, data: null, code: 'VALIDATION_FAILED' });
      expect(await settings()).toEqual(before);
    },
  );

  it.each<Role>(['editor', 'author', 'contributor'])('refuses a %s with 403', async (role) => {
    const someone = await signIn(t.app, await person(role));
    const res = await putSecurity(bearerOf(someone.accessToken), { requireTwoFactor: 'all' });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ statusCode: 403, data: null, code: 'FORBIDDEN' });
    const read = await call(t.app, {
      method: 'GET',
      url: '/api/v1/settings/security',
      headers: bearerOf(someone.accessToken),
    });
    expect(read.status).toBe(403);
  });
});

describe('a person required to use two-factor sign-in who has not turned it on', () => {
  it('is signed in for enrolment only, then may do everything once it is on', async () => {
    await putSecurity(bearerOf(admin.accessToken), { requireTwoFactor: ['editor'] });
    const editor = await person('editor');
    const res = await login(t.app, editor.email);
    expect(res.status).toBe(200);
    expect(res.body.data.twoFactorEnrolmentRequired).toBe(true);
    const token = res.body.data.accessToken as string;

    const refused = await adminCall(t.app, token);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/requires two-factor sign-in/);
    const me = await call(t.app, {
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: bearerOf(token),
    });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ twoFactor: false, twoFactorRequired: true });

    const setup = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/2fa/setup',
      headers: bearerOf(token),
    });
    expect(setup.status).toBe(200);
    const enable = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/2fa/enable',
      headers: bearerOf(token),
      payload: { code: codeAt(setup.body.data.secret, clock) },
    });
    expect(enable.status).toBe(200);
    expect((await adminCall(t.app, token)).status).toBe(200);

    // Now on and required: it cannot be turned off, and sign-in asks for a code.
    const off = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/2fa/disable',
      headers: bearerOf(token),
      payload: { password: ADMIN_PASSWORD },
    });
    expect(off.status).toBe(403);
    expect((await login(t.app, editor.email)).body.data.twoFactorRequired).toBe(true);
    await putSecurity(bearerOf(admin.accessToken), { requireTwoFactor: 'none' });
  });

  it('leaves the roles not chosen, and everyone under "none", signing in as before', async () => {
    await putSecurity(bearerOf(admin.accessToken), { requireTwoFactor: ['editor'] });
    const author = await person('author');
    const res = await login(t.app, author.email);
    expect(res.body.data.twoFactorEnrolmentRequired).toBeUndefined();
    expect((await adminCall(t.app, res.body.data.accessToken)).status).toBe(200);
    await putSecurity(bearerOf(admin.accessToken), { requireTwoFactor: 'none' });
  });

  it('keeps the limit across a refresh', async () => {
    await putSecurity(bearerOf(admin.accessToken), { requireTwoFactor: 'all' });
    const author = await person('author');
    const res = await login(t.app, author.email);
    const refreshed = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/refresh',
      headers: { cookie: `refreshToken=${res.body.data.refreshToken}` },
    });
    expect(refreshed.body.data.twoFactorEnrolmentRequired).toBe(true);
    expect((await adminCall(t.app, refreshed.body.data.accessToken)).status).toBe(403);
    await putSecurity(bearerOf(admin.accessToken), { requireTwoFactor: 'none' });
  });
});
