import type { LoginData } from '@newsroom/contract';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createAdmin } from './fixtures.ts';
import { createSiblingApp, createTestApp, type TestApp } from './helpers.ts';
import { adminCall, eventually, logout, signIn } from './session-calls.ts';

/*
 * Two instances that each keep session states in memory for a long time (300 s): only a
 * revocation reaching them can make them refuse an ended session within these tests.
 */

const redisUrl = process.env.REDIS_URL;
const LONG_CACHE = { SESSION_CACHE_SECONDS: '300' };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Two more instances on the test's database, sharing `env`. */
async function pair(env: Record<string, string>) {
  const [a, b] = await Promise.all([createSiblingApp(t, env), createSiblingApp(t, env)]);
  return { a, b, close: () => Promise.all([a.close(), b.close()]) };
}

// Runs where a Redis server is given (CI sets REDIS_URL).
describe.skipIf(!redisUrl)('with Redis', () => {
  it('a second instance that had cached the session refuses it once the logout reaches it', async () => {
    // A channel of this test's own, so parallel runs on the same Redis do not hear each other.
    const prefix = `newsroom-test-${randomBytes(6).toString('hex')}:`;
    const { a, b, close } = await pair({
      REDIS_URL: redisUrl ?? '',
      REDIS_PREFIX: prefix,
      ...LONG_CACHE,
    });
    try {
      const subscribed = () => Promise.resolve(b.app.services.sessions.hearsOtherInstances);
      expect(await eventually(subscribed)).toBe(true);
      const session = await signIn(a.app);
      expect((await adminCall(b.app, session.accessToken)).status).toBe(200);
      await logout(a.app, { cookie: `refreshToken=${session.refreshToken}` });
      expect((await adminCall(a.app, session.accessToken)).status).toBe(401);
      const refusedOnB = async () => (await adminCall(b.app, session.accessToken)).status === 401;
      expect(await eventually(refusedOnB)).toBe(true);
    } finally {
      await close();
    }
  });
});

/** A local port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('with Redis configured but unreachable', () => {
  it('checks every request against the database, so a second instance refuses at once', async () => {
    const deadRedis = `redis://127.0.0.1:${await closedPort()}`;
    const { a, b, close } = await pair({ REDIS_URL: deadRedis, ...LONG_CACHE });
    try {
      expect(b.app.services.sessions.hearsOtherInstances).toBe(false);
      // Signed in through the service: the login route's throttle needs the missing Redis.
      const admin = await createAdmin(a.app);
      const session = (await a.app.services.auth.login({
        email: admin.email,
        password: ADMIN_PASSWORD,
      })) as LoginData;
      expect((await adminCall(b.app, session.accessToken)).status).toBe(200);
      const out = await logout(a.app, { cookie: `refreshToken=${session.refreshToken}` });
      expect(out.status).toBe(200);
      expect((await adminCall(b.app, session.accessToken)).status).toBe(401);
      expect((await adminCall(a.app, session.accessToken)).status).toBe(401);
    } finally {
      await close();
    }
  });
});
