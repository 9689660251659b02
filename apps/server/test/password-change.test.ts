import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, clientAddress } from './fixtures.ts';
import { call, createTestApp, type TestApp } from './helpers.ts';
import { SESSION_REFUSED, adminCall, refresh, signIn, type SignedIn } from './session-calls.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NEW_PASSWORD = 'battery-staple-77';

const changePassword = (session: SignedIn, payload: object) =>
  call(t.app, {
    method: 'POST',
    url: '/api/v1/auth/change-password',
    headers: { authorization: `Bearer ${session.accessToken}` },
    payload,
  });

const loginStatus = async (email: string, password: string) =>
  (
    await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, password },
      remoteAddress: clientAddress(),
    })
  ).status;

/** Two sessions of one admin: the one asking for the change, and another device. */
async function twoSessions() {
  const current = await signIn(t.app);
  const other = await signIn(t.app, current.admin);
  return { current, other, email: current.admin.email };
}

describe('POST /auth/change-password', () => {
  it('replaces the password and ends every other session, keeping the current one', async () => {
    const { current, other, email } = await twoSessions();
    const res = await changePassword(current, {
      currentPassword: ADMIN_PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(res.body).toEqual({
      statusCode: 200,
      data: null,
      message: 'Password changed. You were signed out everywhere else',
    });
    expect((await adminCall(t.app, current.accessToken)).status).toBe(200);
    expect((await refresh(t.app, current.refreshToken)).status).toBe(200);
    expect((await adminCall(t.app, other.accessToken)).body.message).toBe(SESSION_REFUSED);
    expect((await refresh(t.app, other.refreshToken)).status).toBe(401);
    expect(await loginStatus(email, ADMIN_PASSWORD)).toBe(401);
    expect(await loginStatus(email, NEW_PASSWORD)).toBe(200);
  });

  it('answers 400 on currentPassword for a wrong current password, changing nothing', async () => {
    const { current, other, email } = await twoSessions();
    const res = await changePassword(current, {
      currentPassword: 'not-the-password',
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(res.body).toEqual({
      statusCode: 400,
      data: null,
      code: 'VALIDATION_FAILED',
      message: 'The current password is not correct',
      errors: [{ path: 'currentPassword', message: 'The current password is not correct' }],
    });
    expect((await adminCall(t.app, other.accessToken)).status).toBe(200);
    expect((await adminCall(t.app, current.accessToken)).status).toBe(200);
    expect(await loginStatus(email, NEW_PASSWORD)).toBe(401);
    expect(await loginStatus(email, ADMIN_PASSWORD)).toBe(200);
  });

  it.each([
    [
      'a confirmation that differs',
      { confirmPassword: 'something-else-1' },
      'confirmPassword',
      'The new password and its confirmation must match',
    ],
    [
      'a new password that is too short',
      { newPassword: 'short', confirmPassword: 'short' },
      'newPassword',
      'newPassword must be at least 8 characters',
    ],
    [
      'the current password again',
      { newPassword: ADMIN_PASSWORD, confirmPassword: ADMIN_PASSWORD },
      'newPassword',
      'The new password must differ from the current one',
    ],
    [
      'no current password',
      { currentPassword: '' },
      'currentPassword',
      'currentPassword is required',
    ],
  ])('answers 400 for %s, changing nothing', async (_label, change, path, message) => {
    const { current, other, email } = await twoSessions();
    const res = await changePassword(current, {
      currentPassword: ADMIN_PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
      ...change,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, data: null, message });
    expect(res.body.errors).toEqual([{ path, message }]);
    expect((await adminCall(t.app, other.accessToken)).status).toBe(200);
    expect(await loginStatus(email, ADMIN_PASSWORD)).toBe(200);
  });

  it('limits wrong guesses per admin, with Retry-After', async () => {
    const { current } = await twoSessions();
    const guess = () =>
      changePassword(current, {
        currentPassword: 'a-wrong-guess',
        newPassword: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });
    for (let i = 0; i < 5; i++) expect((await guess()).status).toBe(400);
    const blocked = await guess();
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });
});
