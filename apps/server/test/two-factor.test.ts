import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, clientAddress, createAdmin } from './fixtures.ts';
import { call, createTestApp } from './helpers.ts';
import { MovableClock } from './movable-clock.ts';
import { adminCall, signIn } from './session-calls.ts';
import { bearerOf, codeAt, defined, enrol, login, secondStep } from './two-factor-calls.ts';

/*
 * Two-factor sign-in over HTTP (newsroom API, "Two-factor sign-in"; decision 101). The app's clock
 * is moved 30 s at a time, so each sign-in has a code of a step of its own.
 */

const clock = new MovableClock();
const t = await createTestApp({}, { clock });
afterAll(() => t.close());

/** A new person with two-factor sign-in on, signed out. */
async function enrolled() {
  const signedIn = await signIn(t.app);
  const factors = await enrol(t.app, signedIn.accessToken, clock);
  return { ...signedIn, ...factors };
}

async function challengeOf(email: string): Promise<string> {
  const res = await login(t.app, email);
  expect(res.status).toBe(200);
  expect(res.body.data).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
  expect(res.headers['set-cookie']).toBeUndefined();
  return res.body.data.challenge as string;
}

describe('setting two-factor sign-in up', () => {
  it('answers a base32 secret, its otpauth address and a QR code image', async () => {
    const { accessToken, admin } = await signIn(t.app);
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/2fa/setup',
      headers: bearerOf(accessToken),
    });
    expect(res.status).toBe(200);
    const { secret, otpauthUrl, qrCode } = res.body.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(otpauthUrl).toContain('algorithm=SHA1&digits=6&period=30');
    expect(otpauthUrl).toContain(encodeURIComponent(admin.email));
    expect(qrCode).toMatch(/^data:image\/png;base64,/);
  });

  it('keeps the secret sealed in the database, never as given', async () => {
    const { accessToken, admin } = await signIn(t.app);
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/2fa/setup',
      headers: bearerOf(accessToken),
    });
    const row = await t.app.db.kysely
      .selectFrom('two_factor')
      .selectAll()
      .where('admin_id', '=', admin.id)
      .executeTakeFirstOrThrow();
    expect(row.pending_secret).not.toContain(res.body.data.secret);
    expect(row.pending_secret).toMatch(/^v1\./);
    expect(row.enabled_at).toBeNull();
  });

  it('refuses a wrong first code with 400 and stays off', async () => {
    const { accessToken, admin } = await signIn(t.app);
    await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/2fa/setup',
      headers: bearerOf(accessToken),
    });
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/2fa/enable',
      headers: bearerOf(accessToken),
      payload: { code: '000000' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, data: null, code: 'VALIDATION_FAILED' });
    expect((await login(t.app, admin.email)).body.data.accessToken).toEqual(expect.any(String));
  });

  it('refuses enable before setup, and malformed codes, with a clear 4xx', async () => {
    const { accessToken } = await signIn(t.app);
    const early = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/2fa/enable',
      headers: bearerOf(accessToken),
      payload: { code: '123456' },
    });
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/set two-factor sign-in up first/i);
    const malformed = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/2fa/enable',
      headers: bearerOf(accessToken),
      payload: { code: '12ab' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors).toEqual([{ path: 'code', message: expect.any(String) }]);
  });

  it('turns it on with a code of the app, answering ten different recovery codes', async () => {
    const { recoveryCodes, admin } = await enrolled();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
    const kept = await t.app.db.kysely
      .selectFrom('recovery_codes')
      .select('code_hash')
      .where('admin_id', '=', admin.id)
      .execute();
    expect(kept).toHaveLength(10);
    for (const { code_hash } of kept) expect(recoveryCodes).not.toContain(code_hash);
  });

  it('refuses a second setup while it is on', async () => {
    const { accessToken } = await enrolled();
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/2fa/setup',
      headers: bearerOf(accessToken),
    });
    expect(res.status).toBe(409);
  });
});

describe('signing in with two-factor sign-in on', () => {
  it('answers a challenge and no tokens after the password, then the tokens for a code', async () => {
    const { admin, secret } = await enrolled();
    const challenge = await challengeOf(admin.email);
    const res = await secondStep(t.app, { challenge, code: codeAt(secret, clock) });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      role: 'admin',
      email: admin.email,
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
    });
    expect(String(res.headers['set-cookie'])).toContain('refreshToken=');
    expect((await adminCall(t.app, res.body.data.accessToken)).status).toBe(200);
  });

  it('never accepts the same code twice', async () => {
    const { admin, secret } = await enrolled();
    const code = codeAt(secret, clock);
    const first = await secondStep(t.app, { challenge: await challengeOf(admin.email), code });
    expect(first.status).toBe(200);
    const again = await secondStep(t.app, { challenge: await challengeOf(admin.email), code });
    expect(again.status).toBe(401);
    expect(again.body).toMatchObject({ statusCode: 401, data: null, code: 'UNAUTHORIZED' });
  });

  it('does not accept the code that turned it on', async () => {
    const signedIn = await signIn(t.app);
    const setup = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/2fa/setup',
      headers: bearerOf(signedIn.accessToken),
    });
    const code = codeAt(setup.body.data.secret, clock);
    await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/2fa/enable',
      headers: bearerOf(signedIn.accessToken),
      payload: { code },
    });
    const res = await secondStep(t.app, {
      challenge: await challengeOf(signedIn.admin.email),
      code,
    });
    expect(res.status).toBe(401);
  });

  it('takes a recovery code once, typed in any case and without dashes', async () => {
    const { admin, recoveryCodes } = await enrolled();
    const typed = defined(recoveryCodes[3]).toUpperCase().replaceAll('-', '');
    const first = await secondStep(t.app, {
      challenge: await challengeOf(admin.email),
      recoveryCode: typed,
    });
    expect(first.status).toBe(200);
    expect(first.body.data.accessToken).toEqual(expect.any(String));
    const again = await secondStep(t.app, {
      challenge: await challengeOf(admin.email),
      recoveryCode: recoveryCodes[3],
    });
    expect(again.status).toBe(401);
    expect(again.body.message).toMatch(/recovery code/);
    const other = await secondStep(t.app, {
      challenge: await challengeOf(admin.email),
      recoveryCode: recoveryCodes[4],
    });
    expect(other.status).toBe(200);
  });

  it('throttles wrong codes with 429 after five, even from many addresses and challenges', async () => {
    const { admin, secret } = await enrolled();
    for (let i = 0; i < 5; i++) {
      const wrong = await secondStep(t.app, {
        challenge: await challengeOf(admin.email),
        code: String((Number(codeAt(secret, clock)) + 500_000) % 1_000_000).padStart(6, '0'),
      });
      expect(wrong.status).toBe(401);
    }
    const res = await secondStep(t.app, {
      challenge: await challengeOf(admin.email),
      code: codeAt(secret, clock),
    });
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ statusCode: 429, data: null, code: 'TOO_MANY_REQUESTS' });
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('uses a challenge up on success and refuses unknown ones', async () => {
    const { admin, secret } = await enrolled();
    const challenge = await challengeOf(admin.email);
    expect((await secondStep(t.app, { challenge, code: codeAt(secret, clock) })).status).toBe(200);
    clock.advance(30_000);
    const reused = await secondStep(t.app, { challenge, code: codeAt(secret, clock) });
    expect(reused.status).toBe(401);
    expect(reused.body.message).toMatch(/e-mail and password again/);
    const unknown = await secondStep(t.app, { challenge: 'made-up', code: '123456' });
    expect(unknown.status).toBe(401);
  });

  it('binds a challenge to its person: another’s code does not complete it', async () => {
    const first = await enrolled();
    const second = await enrolled();
    const challenge = await challengeOf(first.admin.email);
    const res = await secondStep(t.app, { challenge, code: codeAt(second.secret, clock) });
    expect(res.status).toBe(401);
    const stolen = await secondStep(t.app, {
      challenge,
      recoveryCode: second.recoveryCodes[0],
    });
    expect(stolen.status).toBe(401);
  });

  it.each([
    [{ challenge: 'x' }, 'code'],
    [{ challenge: 'x', code: '123456', recoveryCode: 'abcd-efgh-jkmn-pqrs' }, 'code'],
    [{ challenge: 'x', code: '12' }, 'code'],
    [{ challenge: 'x', recoveryCode: 'short' }, 'recoveryCode'],
    [{ code: '123456' }, 'challenge'],
  ])('answers 400 naming the field for %j', async (payload, field) => {
    const res = await secondStep(t.app, payload);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, data: null, code: 'VALIDATION_FAILED' });
    expect(res.body.errors[0].path).toBe(field);
  });

  it('signs in a person without it exactly as before: tokens at once, no new field', async () => {
    const admin = await createAdmin(t.app);
    const res = await login(t.app, admin.email);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual([
      'accessToken',
      'email',
      'refreshToken',
      'role',
    ]);
    expect(res.body.message).toBe('Logged in successfully');
  });

  it('still refuses a wrong password before any challenge', async () => {
    const { admin } = await enrolled();
    const res = await login(t.app, admin.email, 'not-the-password');
    expect(res.status).toBe(401);
    expect(res.body.data).toBeNull();
  });
});

describe('turning two-factor sign-in off', () => {
  it('needs the password, then signs in with the password alone', async () => {
    const { admin, accessToken } = await enrolled();
    const wrong = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/2fa/disable',
      headers: bearerOf(accessToken),
      payload: { password: 'wrong-password' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([{ path: 'password', message: expect.any(String) }]);
    expect((await login(t.app, admin.email)).body.data.twoFactorRequired).toBe(true);
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/2fa/disable',
      headers: bearerOf(accessToken),
      payload: { password: ADMIN_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect((await login(t.app, admin.email)).body.data.accessToken).toEqual(expect.any(String));
    const codes = await t.app.db.kysely
      .selectFrom('recovery_codes')
      .select('id')
      .where('admin_id', '=', admin.id)
      .execute();
    expect(codes).toEqual([]);
  });
});

describe('the twoFactor fields', () => {
  it('are in GET /auth/me and in the rows of GET /staff', async () => {
    const { accessToken, admin } = await enrolled();
    const plain = await createAdmin(t.app);
    const me = await call(t.app, {
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: bearerOf(accessToken),
    });
    expect(me.body.data).toMatchObject({ twoFactor: true, twoFactorRequired: false });
    const staff = await call(t.app, {
      method: 'GET',
      url: '/api/v1/staff',
      headers: bearerOf(accessToken),
    });
    const rows = staff.body.data as { _id: string; twoFactor: boolean }[];
    expect(rows.find((row) => row._id === admin.id)?.twoFactor).toBe(true);
    expect(rows.find((row) => row._id === plain.id)?.twoFactor).toBe(false);
  });
});

describe('a request from an untrusted origin', () => {
  it('is refused at the second step', async () => {
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/login/2fa',
      headers: { origin: 'https://evil.example' },
      payload: { challenge: 'x', code: '123456' },
      remoteAddress: clientAddress(),
    });
    expect(res.status).toBe(403);
  });
});
