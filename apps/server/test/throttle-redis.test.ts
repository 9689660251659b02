import { randomInt } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from './helpers.ts';

const redisUrl = process.env.REDIS_URL;
const apps: TestApp[] = [];
afterAll(async () => {
  await Promise.all(apps.map((t) => t.close()));
});

// Runs where a Redis server is given (CI sets REDIS_URL); elsewhere limits are in-process.
describe.skipIf(!redisUrl)('throttles shared through Redis', () => {
  it('counts one client across two instances', async () => {
    const [a, b] = await Promise.all([
      createTestApp({ REDIS_URL: redisUrl ?? '' }),
      createTestApp({ REDIS_URL: redisUrl ?? '' }),
    ]);
    apps.push(a, b);
    // A fresh address per run, so earlier runs' counts in Redis do not matter.
    const remoteAddress = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    const send = (t: TestApp, i: number) =>
      call(t.app, {
        method: 'POST',
        url: '/api/v1/contact/create',
        remoteAddress,
        payload: {
          fullName: 'Shared Limit',
          email: `sender${i}-${remoteAddress}@example.com`,
          phone: '9876543210',
          message: 'Counting across instances',
        },
      });
    for (let i = 0; i < 5; i++) expect((await send(i % 2 ? a : b, i)).status).toBe(200);
    const refused = await send(a, 5);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
