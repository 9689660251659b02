import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, clientAddress, createAdmin } from './fixtures.ts';
import { call, createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
  call(t.app, {
    method: 'POST',
    url: `/api/v1/auth${url}`,
    ...(payload ? { payload } : {}),
    headers,
    remoteAddress: clientAddress(),
  });

/** Set-Cookie lines of a response, by cookie name. */
function cookies(headers: Record<string, unknown>): Record<string, string> {
  const raw = headers['set-cookie'];
  const lines = Array.isArray(raw) ? (raw as string[]) : typeof raw === 'string' ? [raw] : [];
  return Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf('=')), line]));
}
const cookieValue = (line: string | undefined) => line?.split(';')[0]?.split('=')[1];
/** The attributes of a Set-Cookie line, e.g. ['Max-Age=900', 'Path=/', 'HttpOnly']. */
const attributes = (line: string | undefined) => (line ?? '').split('; ').slice(1);

async function signIn() {
  const admin = await createAdmin(t.app);
  const res = await post('/login', { email: admin.email, password: ADMIN_PASSWORD });
  expect(res.status).toBe(200);
  return { admin, data: res.body.data as { accessToken: string; refreshToken: string } };
}
const refreshWith = (token: string) =>
  post('/refresh', undefined, { cookie: `refreshToken=${token}` });
const adminCall = (accessToken: string) =>
  call(t.app, {
    method: 'GET',
    url: '/api/v1/category/get',
    headers: { authorization: `Bearer ${accessToken}` },
  });

describe('login', () => {
  it('returns role, email and tokens, and sets httpOnly SameSite=Strict cookies', async () => {
    const admin = await createAdmin(t.app);
    const res = await post('/login', {
      email: admin.email.toUpperCase(),
      password: ADMIN_PASSWORD,
    });
    expect(res.body).toMatchObject({
      statusCode: 200,
      message: 'Logged in successfully',
      data: { role: 'admin', email: admin.email },
    });
    const set = cookies(res.headers);
    expect(attributes(set.accessToken).sort()).toEqual(
      ['HttpOnly', 'Max-Age=900', 'Path=/', 'SameSite=Strict'].sort(),
    );
    expect(attributes(set.refreshToken).sort()).toEqual(
      ['HttpOnly', 'Max-Age=2592000', 'Path=/', 'SameSite=Strict'].sort(),
    );
    expect(cookieValue(set.accessToken)).toBe(res.body.data.accessToken);
    expect(cookieValue(set.refreshToken)).toBe(res.body.data.refreshToken);
    expect((await adminCall(res.body.data.accessToken)).status).toBe(200);
  });

  it('stores only a hash of the refresh token', async () => {
    const { data } = await signIn();
    const rows = await t.app.db.kysely.selectFrom('refresh_tokens').select('token_hash').execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.token_hash)).not.toContain(data.refreshToken);
  });

  it('answers 401 for a wrong password or an unknown e-mail, alike', async () => {
    const admin = await createAdmin(t.app);
    const wrong = await post('/login', { email: admin.email, password: 'not-the-password' });
    const unknown = await post('/login', { email: 'ghost@example.com', password: ADMIN_PASSWORD });
    for (const res of [wrong, unknown]) {
      expect(res.body).toEqual({
        statusCode: 401,
        data: null,
        message: 'Invalid email or password',
        code: 'UNAUTHORIZED',
      });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('answers 403 for an unverified account, asking to verify the e-mail first', async () => {
    const admin = await createAdmin(t.app, { verified: false });
    const res = await post('/login', { email: admin.email, password: ADMIN_PASSWORD });
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/verify your e-mail address first/);
  });

  it('blocks an account after 10 failures from any address, with Retry-After', async () => {
    const admin = await createAdmin(t.app);
    for (let i = 0; i < 10; i++) {
      expect((await post('/login', { email: admin.email, password: 'wrong-pass' })).status).toBe(
        401,
      );
    }
    const blocked = await post('/login', { email: admin.email, password: ADMIN_PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.body.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('forgets the failures of an account after a successful sign-in', async () => {
    const admin = await createAdmin(t.app);
    const attempt = (password: string) => post('/login', { email: admin.email, password });
    for (let i = 0; i < 9; i++) await attempt('wrong-pass');
    expect((await attempt(ADMIN_PASSWORD)).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await attempt('wrong-pass')).status).toBe(401);
  });

  it('limits attempts per client address across accounts', async () => {
    const remoteAddress = clientAddress();
    const attempt = (i: number) =>
      call(t.app, {
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: `nobody-${i}@example.com`, password: 'wrong-pass' },
        remoteAddress,
      });
    for (let i = 0; i < 20; i++) expect((await attempt(i)).status).toBe(401);
    const blocked = await attempt(20);
    expect(blocked.status).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
  });
});

describe('refresh', () => {
  it('rotates the token from the cookie and sets both cookies again', async () => {
    const { admin, data } = await signIn();
    const res = await refreshWith(data.refreshToken);
    expect(res.body).toMatchObject({
      statusCode: 200,
      data: { role: 'admin', email: admin.email },
    });
    const next = res.body.data as { accessToken: string; refreshToken: string };
    expect(next.refreshToken).not.toBe(data.refreshToken);
    const set = cookies(res.headers);
    expect(cookieValue(set.refreshToken)).toBe(next.refreshToken);
    expect(cookieValue(set.accessToken)).toBe(next.accessToken);
    expect((await adminCall(next.accessToken)).status).toBe(200);
    expect((await refreshWith(next.refreshToken)).status).toBe(200);
  });

  it('accepts the token in the body as well', async () => {
    const { data } = await signIn();
    const res = await post('/refresh', { refreshToken: data.refreshToken });
    expect(res.status).toBe(200);
  });

  it('revokes the whole family when a rotated token is presented again', async () => {
    const { data } = await signIn();
    const second = (await refreshWith(data.refreshToken)).body.data.refreshToken as string;
    const replay = await refreshWith(data.refreshToken);
    expect(replay.status).toBe(401);
    expect(replay.body).toMatchObject({ statusCode: 401, data: null });
    expect((await refreshWith(second)).status).toBe(401);
  });

  it('leaves other sessions of the same admin alone when one family is revoked', async () => {
    const { admin, data } = await signIn();
    const other = await post('/login', { email: admin.email, password: ADMIN_PASSWORD });
    await refreshWith(data.refreshToken);
    await refreshWith(data.refreshToken);
    expect((await refreshWith(other.body.data.refreshToken)).status).toBe(200);
  });

  it('answers 401 without a token, for an unknown one and for an expired one', async () => {
    expect((await post('/refresh')).status).toBe(401);
    expect((await refreshWith('made-up-token')).status).toBe(401);
    const { data } = await signIn();
    await t.app.db.kysely
      .updateTable('refresh_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect((await refreshWith(data.refreshToken)).status).toBe(401);
  });

  it('answers 401 once the admin is gone', async () => {
    const { admin, data } = await signIn();
    await t.app.db.kysely.deleteFrom('admins').where('id', '=', admin.id).execute();
    expect((await refreshWith(data.refreshToken)).status).toBe(401);
  });
});

describe('logout', () => {
  it('revokes the refresh token and clears both cookies', async () => {
    const { data } = await signIn();
    const res = await post('/logout', undefined, { cookie: `refreshToken=${data.refreshToken}` });
    expect(res.body).toEqual({ statusCode: 200, data: null, message: 'Logged out successfully' });
    const set = cookies(res.headers);
    for (const name of ['accessToken', 'refreshToken'] as const) {
      expect(cookieValue(set[name])).toBe('');
      expect(attributes(set[name])).toEqual(
        expect.arrayContaining(['Max-Age=0', 'Path=/', 'HttpOnly', 'SameSite=Strict']),
      );
    }
    expect((await refreshWith(data.refreshToken)).status).toBe(401);
  });

  it('answers 200 without any token', async () => {
    const res = await post('/logout');
    expect(res.body).toMatchObject({ statusCode: 200, message: 'Logged out successfully' });
  });
});

describe('sessionFromCookies', () => {
  const session = (cookies: Record<string, string | undefined>) =>
    t.app.services.auth.sessionFromCookies(cookies);

  it('recognises a valid access-token cookie', async () => {
    const { admin, data } = await signIn();
    expect(await session({ accessToken: data.accessToken })).toEqual({
      ...admin,
      role: 'admin',
      sessionId: expect.any(String),
      enrolmentRequired: false,
    });
  });

  it('recognises a valid refresh-token cookie without rotating it', async () => {
    const { admin, data } = await signIn();
    expect(await session({ accessToken: 'garbage', refreshToken: data.refreshToken })).toEqual({
      ...admin,
      role: 'admin',
      sessionId: expect.any(String),
      enrolmentRequired: false,
    });
    expect((await refreshWith(data.refreshToken)).status).toBe(200);
  });

  it('returns null for no cookies, garbage, a used token or an unverified admin', async () => {
    expect(await session({})).toBeNull();
    expect(await session({ accessToken: 'x', refreshToken: 'y' })).toBeNull();
    const { data } = await signIn();
    await refreshWith(data.refreshToken);
    expect(await session({ refreshToken: data.refreshToken })).toBeNull();
    const unverified = await createAdmin(t.app, { verified: false });
    const token = await t.app.services.tokens.sign({
      adminId: unverified.id,
      email: unverified.email,
      role: 'admin',
      sessionId: await t.app.services.sessions.start(unverified.id),
    });
    expect(await session({ accessToken: token })).toBeNull();
  });
});
