import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiblingApp, createTestApp, type TestApp } from './helpers.ts';
import {
  SESSION_REFUSED,
  adminCall,
  logout,
  refresh,
  signIn,
  type SignedIn,
} from './session-calls.ts';

/*
 * Ending a session refuses its access tokens at once: on the instance that ended it, on another
 * instance sharing the database, and after a restart. (Redis-shared caches: session-redis.test.ts.)
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signOut = (app: TestApp['app'], session: SignedIn) =>
  logout(app, { cookie: `refreshToken=${session.refreshToken}` });

describe('logout', () => {
  it('refuses the old access token at once on the same instance, with the usual 401', async () => {
    const session = await signIn(t.app);
    expect((await adminCall(t.app, session.accessToken)).status).toBe(200);
    expect((await signOut(t.app, session)).status).toBe(200);
    const res = await adminCall(t.app, session.accessToken);
    expect(res.body).toEqual({
      statusCode: 401,
      data: null,
      code: 'UNAUTHORIZED',
      message: SESSION_REFUSED,
    });
  });

  it('ends the session of a bearer token sent without the refresh cookie', async () => {
    const session = await signIn(t.app);
    await logout(t.app, { authorization: `Bearer ${session.accessToken}` });
    expect((await adminCall(t.app, session.accessToken)).status).toBe(401);
    expect((await refresh(t.app, session.refreshToken)).status).toBe(401);
  });

  it('leaves the other sessions of the same admin working', async () => {
    const first = await signIn(t.app);
    const second = await signIn(t.app, first.admin);
    await signOut(t.app, first);
    expect((await adminCall(t.app, second.accessToken)).status).toBe(200);
  });

  it('refuses the old access token on a second instance on the same database', async () => {
    const other = await createSiblingApp(t);
    try {
      const session = await signIn(t.app);
      await signOut(t.app, session);
      const res = await adminCall(other.app, session.accessToken);
      expect(res.body).toEqual({
        statusCode: 401,
        data: null,
        code: 'UNAUTHORIZED',
        message: SESSION_REFUSED,
      });
    } finally {
      await other.close();
    }
  });

  it('refuses it on a second instance that had accepted it and caches nothing', async () => {
    const other = await createSiblingApp(t, { SESSION_CACHE_SECONDS: '0' });
    try {
      const session = await signIn(t.app);
      expect((await adminCall(other.app, session.accessToken)).status).toBe(200);
      await signOut(t.app, session);
      expect((await adminCall(other.app, session.accessToken)).status).toBe(401);
    } finally {
      await other.close();
    }
  });

  it('still refuses it after a restart', async () => {
    const before = await createSiblingApp(t);
    const session = await signIn(before.app);
    expect((await adminCall(before.app, session.accessToken)).status).toBe(200);
    await signOut(before.app, session);
    await before.close();
    const after = await createSiblingApp(t);
    try {
      expect((await adminCall(after.app, session.accessToken)).status).toBe(401);
      expect((await refresh(after.app, session.refreshToken)).status).toBe(401);
    } finally {
      await after.close();
    }
  });
});

describe('refresh-token reuse', () => {
  it("ends the session: every access token of it is refused, the thief's and the owner's", async () => {
    const session = await signIn(t.app);
    const rotated = (await refresh(t.app, session.refreshToken)).body.data as SignedIn;
    expect((await adminCall(t.app, rotated.accessToken)).status).toBe(200);
    expect((await refresh(t.app, session.refreshToken)).status).toBe(401);
    expect((await adminCall(t.app, rotated.accessToken)).status).toBe(401);
    expect((await adminCall(t.app, session.accessToken)).status).toBe(401);
    expect((await refresh(t.app, rotated.refreshToken)).status).toBe(401);
  });
});
