import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientAddress, signupForm } from './fixtures.ts';
import { call, createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: object) =>
  call(t.app, {
    method: 'POST',
    url: `/api/v1/auth${url}`,
    payload,
    remoteAddress: clientAddress(),
  });
const admins = () => t.app.db.kysely.selectFrom('admins').select('id').execute();

const email = 'new.admin@example.com';
/** The sign-up form without one field (JSON drops undefined values). */
const without = (field: string) => signupForm(email, { [field]: undefined });

describe('sign-up validation', () => {
  it.each([
    ['name is missing', without('name'), 'name', 'name is required'],
    ['name is blank', signupForm(email, { name: '   ' }), 'name', 'name is required'],
    [
      'name is too short',
      signupForm(email, { name: 'A' }),
      'name',
      'name must be at least 2 characters',
    ],
    ['email is missing', without('email'), 'email', 'email is required'],
    [
      'email is invalid',
      signupForm('not-an-email'),
      'email',
      'email must be a valid email address',
    ],
    ['code is missing', without('code'), 'code', 'code is required'],
    ['password is missing', without('password'), 'password', 'password is required'],
    [
      'password is too short',
      signupForm(email, { password: 'short', confirmPassword: 'short' }),
      'password',
      'password must be at least 8 characters',
    ],
    [
      'confirmPassword is missing',
      without('confirmPassword'),
      'confirmPassword',
      'confirmPassword is required',
    ],
    [
      'passwords differ',
      signupForm(email, { confirmPassword: 'other-pass-1' }),
      'confirmPassword',
      'Passwords must be match',
    ],
  ])('answers 400 when %s', async (_case, form, path, message) => {
    const res = await post('/admin/signup', form);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, data: null, message });
    expect(res.body.errors).toContainEqual({ path, message });
    expect(await admins()).toEqual([]);
  });
});

describe('verification validation', () => {
  it.each([
    ['email is missing', { code: '123456' }, 'email is required'],
    ['email is invalid', { email: 'nope', code: '123456' }, 'email must be a valid email address'],
    ['code is missing', { email }, 'OTP is required'],
    ['code is not numeric', { email, code: '12ab56' }, 'OTP must be 6 digits'],
  ])('answers 400 when %s', async (_case, payload, message) => {
    const res = await post('/verify', payload);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, message });
  });
});

describe('login validation', () => {
  it.each([
    ['email is missing', { password: 'whatever1' }, 'email is required'],
    [
      'email is invalid',
      { email: 'nope', password: 'whatever1' },
      'email must be a valid email address',
    ],
    ['password is missing', { email }, 'password is required'],
  ])('answers 400 when %s', async (_case, payload, message) => {
    const res = await post('/login', payload);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, message });
  });

  it('answers 400 for a resend without an e-mail', async () => {
    const res = await post('/resend-otp', {});
    expect(res.body).toMatchObject({ statusCode: 400, message: 'email is required' });
  });
});
