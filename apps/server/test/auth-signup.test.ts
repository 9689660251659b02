import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientAddress, otherCode, signupForm } from './fixtures.ts';
import { call, createTestApp, SIGNUP_CODE, type TestApp } from './helpers.ts';
import { lastSmtpOtp, startMailServer, type TestMailServer } from './mail-server.ts';

let t: TestApp;
let smtp: TestMailServer;

beforeAll(async () => {
  smtp = await startMailServer();
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Newsroom <otp@news.test>' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const newEmail = () => `editor-${randomUUID()}@example.com`;
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  call(t.app, {
    method: 'POST',
    url: `/api/v1/auth${url}`,
    payload,
    headers,
    remoteAddress: clientAddress(),
  });
const adminRow = (email: string) =>
  t.app.db.kysely.selectFrom('admins').selectAll().where('email', '=', email).executeTakeFirst();
const otpRow = (email: string) =>
  t.app.db.kysely.selectFrom('otps').selectAll().where('email', '=', email).executeTakeFirst();

async function signedUp(email = newEmail()) {
  const res = await post('/admin/signup', signupForm(email));
  expect(res.status).toBe(200);
  return { email, code: lastSmtpOtp(smtp, email) };
}

describe('sign-up, verification and sign-in over SMTP', () => {
  it('signs up, verifies the e-mailed code, signs in and reaches an admin route', async () => {
    const email = newEmail();
    const signup = await post('/admin/signup', signupForm(email));
    expect(signup).toMatchObject({ status: 200, body: { statusCode: 200, data: { email } } });

    const mail = smtp.messages.find((m) => m.to.includes(email));
    expect(mail?.from).toBe('otp@news.test');
    expect(mail?.raw).toMatch(/^Subject: Your Newsroom verification code/m);
    const code = lastSmtpOtp(smtp, email);

    const verified = await post('/verify', { email, code });
    expect(verified.body).toMatchObject({ statusCode: 200, data: { email } });
    expect(await otpRow(email)).toBeUndefined();

    const login = await post('/login', { email, password: 'signup-pass-1' });
    expect(login.body).toMatchObject({ statusCode: 200, data: { role: 'admin', email } });
    const res = await call(t.app, {
      method: 'GET',
      url: '/api/v1/category/get',
      headers: { authorization: `Bearer ${login.body.data.accessToken}` },
    });
    expect(res.body).toMatchObject({ statusCode: 200, data: [] });
  });

  it('stores the password as an argon2id hash and the code only as a keyed hash', async () => {
    const { email, code } = await signedUp();
    expect((await adminRow(email))?.password_hash).toMatch(/^\$argon2id\$/);
    const otp = await otpRow(email);
    expect(otp?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(otp?.code_hash).not.toContain(code);
  });

  it('takes the sign-up code from the query when the body has none', async () => {
    const email = newEmail();
    const form = signupForm(email, { code: undefined });
    const res = await post(`/admin/signup?verifycode=${SIGNUP_CODE}`, form);
    expect(res.status).toBe(200);
    expect((await adminRow(email))?.verified).toBe(0);
  });

  it('refuses when the query code is wrong even though the body code is right', async () => {
    const email = newEmail();
    const res = await post('/admin/signup?verifycode=wrong-code', signupForm(email));
    expect(res).toMatchObject({ status: 403, body: { message: 'Invalid sign-up code' } });
    expect(await adminRow(email)).toBeUndefined();
  });

  it('refuses a wrong sign-up code with 403, storing and sending nothing', async () => {
    const email = newEmail();
    const before = smtp.messages.length;
    const res = await post('/admin/signup', signupForm(email, { code: 'not-the-code' }));
    expect(res.body).toEqual({
      statusCode: 403,
      data: null,
      message: 'Invalid sign-up code',
      code: 'FORBIDDEN',
    });
    expect(await adminRow(email)).toBeUndefined();
    expect(smtp.messages.length).toBe(before);
  });

  it('answers 409 for an e-mail of a verified account', async () => {
    const { email, code } = await signedUp();
    await post('/verify', { email, code });
    const again = await post('/admin/signup', signupForm(email.toUpperCase()));
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already exists/);
  });

  it('lets a pending registration sign up again with a new password and a new code', async () => {
    const first = await signedUp();
    const res = await post(
      '/admin/signup',
      signupForm(first.email, {
        name: 'New Name',
        password: 'second-pass',
        confirmPassword: 'second-pass',
      }),
    );
    expect(res.status).toBe(200);
    const code = lastSmtpOtp(smtp, first.email);
    expect((await post('/verify', { email: first.email, code })).status).toBe(200);
    expect((await adminRow(first.email))?.name).toBe('New Name');
    const old = await post('/login', { email: first.email, password: 'signup-pass-1' });
    expect(old.status).toBe(401);
    const login = await post('/login', { email: first.email, password: 'second-pass' });
    expect(login.status).toBe(200);
  });
});

describe('one-time codes', () => {
  it('refuses an expired code with 410 and asks for a new one', async () => {
    const { email, code } = await signedUp();
    await t.app.db.kysely
      .updateTable('otps')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('email', '=', email)
      .execute();
    const res = await post('/verify', { email, code });
    expect(res.status).toBe(410);
    expect(res.body.message).toBe('This code has expired. Please request a new code');
    expect((await adminRow(email))?.verified).toBe(0);
  });

  it('kills the code after 5 wrong tries, even for the right code afterwards', async () => {
    const { email, code } = await signedUp();
    const wrong = otherCode(code);
    for (const left of [4, 3, 2, 1]) {
      const res = await post('/verify', { email, code: wrong });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(`Incorrect code. ${left} ${left === 1 ? 'try' : 'tries'} left`);
    }
    const fifth = await post('/verify', { email, code: wrong });
    expect(fifth.status).toBe(410);
    expect(fifth.body.message).toMatch(/Too many wrong codes.*request a new code/);
    const right = await post('/verify', { email, code });
    expect(right.status).toBe(410);
    expect((await adminRow(email))?.verified).toBe(0);
  });

  it('accepts a resent code after the old one died', async () => {
    const { email, code } = await signedUp();
    for (let i = 0; i < 5; i++) await post('/verify', { email, code: otherCode(code) });
    const resend = await post('/resend-otp', { email });
    expect(resend.status).toBe(200);
    const fresh = lastSmtpOtp(smtp, email);
    expect((await post('/verify', { email, code: fresh })).status).toBe(200);
  });

  it('answers 400 when no code is pending for the address', async () => {
    const res = await post('/verify', { email: newEmail(), code: '123456' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/request a new code/);
  });
});

describe('resending a code', () => {
  it('answers alike whether or not the account exists, mailing only a pending one', async () => {
    const { email } = await signedUp();
    const sent = smtp.messages.length;
    const known = await post('/resend-otp', { email });
    const unknown = await post('/resend-otp', { email: 'nobody@example.com' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.body.message).toBe(known.body.message);
    expect(smtp.messages.length).toBe(sent + 1);
  });

  it('allows one resend per minute per account, answering 429 with Retry-After', async () => {
    const { email } = await signedUp();
    expect((await post('/resend-otp', { email })).status).toBe(200);
    const again = await post('/resend-otp', { email });
    expect(again.status).toBe(429);
    expect(again.body.statusCode).toBe(429);
    const retryAfter = Number(again.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it('limits resends per client address', async () => {
    const remoteAddress = clientAddress();
    const resend = (email: string) =>
      call(t.app, {
        method: 'POST',
        url: '/api/v1/auth/resend-otp',
        payload: { email },
        remoteAddress,
      });
    for (let i = 0; i < 10; i++) expect((await resend(newEmail())).status).toBe(200);
    const blocked = await resend(newEmail());
    expect(blocked.status).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
  });
});
