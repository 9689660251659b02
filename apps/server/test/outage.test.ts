import fs from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUnavailable } from '../src/domain/errors.ts';
import { Load, nextClientAddress, send, type Answer } from './load.ts';
import { PrivatePostgres, postgresMissing } from './private-postgres.ts';
import { PrivateRedis, redisMissing } from './private-redis.ts';
import { ServerProcess } from './server-process.ts';
import { fakeDist } from './web-dist.ts';

// These start their own PostgreSQL, Redis and server process, so they run once: in the
// PostgreSQL pass (DATABASE_URL set), never against the machine's shared servers.
const skipReason = !process.env.DATABASE_URL
  ? 'runs only in the PostgreSQL pass (DATABASE_URL)'
  : (postgresMissing() ?? redisMissing());

/** How soon after a dependency's return everything must work again (the issue's promise). */
const RECOVERY_MS = 5000;

/** Repeats the check until it passes or RECOVERY_MS have gone by; true when it passed. */
async function recovers(check: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + RECOVERY_MS;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await sleep(100);
  }
  return false;
}

const unexpected = (answers: Answer[], allowed: number[]) =>
  answers.filter((a) => !allowed.includes(a.status));

describe.skipIf(skipReason)(`outages${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let pg: PrivatePostgres;
  let redis: PrivateRedis;
  let server: ServerProcess;
  let dist: string;

  beforeAll(async () => {
    [pg, redis, dist] = await Promise.all([
      PrivatePostgres.create(),
      PrivateRedis.create(),
      fakeDist(),
    ]);
    server = await ServerProcess.start({
      DATABASE_URL: pg.url,
      REDIS_URL: redis.url,
      DATA_DIR: path.join(dist, 'data'),
      WEB_DIST: dist,
      TRUST_PROXY: '1',
      SEED_DEMO: '0',
      ADMIN_SIGNUP_CODE: 'outage-test-code',
      LOG_LEVEL: 'warn',
    });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await Promise.all([pg?.destroy(), redis?.stop()]);
    if (dist) await fs.rm(dist, { recursive: true, force: true });
  });

  it('answers 503 while PostgreSQL restarts and works again within 5 s, same process', async () => {
    const pid = server.pid;
    const load = new Load(server.baseUrl);
    await sleep(300);

    // A page read before the outage is kept by the page cache and still served during it; a page
    // whose data was never read (an article's) needs the database and gets the friendly 503.
    expect((await fetch(`${server.baseUrl}/`)).status).toBe(200);
    load.phase = 'outage';
    await pg.stop();
    await sleep(500); // long enough for the load to meet the stopped database
    const kept = await fetch(`${server.baseUrl}/`);
    const page = await fetch(`${server.baseUrl}/news/not-read-before-the-outage`);
    const health = await fetch(`${server.baseUrl}/-/health`);

    load.phase = 'return';
    await pg.start();
    const recovered = await recovers(async () => {
      const [read, write] = await Promise.all([
        send(server.baseUrl, 'read'),
        send(server.baseUrl, 'write'),
      ]);
      return read.status === 200 && write.status === 200;
    });
    load.phase = 'after';
    await sleep(300);
    await load.stop();

    expect(recovered, server.output).toBe(true);
    expect(server.alive).toBe(true);
    expect(server.pid).toBe(pid);
    expect(unexpected(load.in('before'), [200])).toEqual([]);
    expect(unexpected(load.in('outage'), [200, 503])).toEqual([]);
    expect(unexpected(load.in('return'), [200, 503])).toEqual([]);
    expect(unexpected(load.in('after'), [200])).toEqual([]);
    const refused = load.in('outage').filter((a) => a.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) {
      expect(answer.body).toEqual({
        statusCode: 503,
        data: null,
        code: 'DATABASE_UNAVAILABLE',
        message: databaseUnavailable().message,
      });
    }
    expect(kept.status).toBe(200);
    expect(page.status).toBe(503);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('We will be back in a moment');
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ status: 'degraded', database: { ok: false } });
    expect(server.output).not.toMatch(/unhandled|uncaught/i);
  });

  it('keeps throttled writes working while Redis restarts and uses Redis again within 5 s', async () => {
    const load = new Load(server.baseUrl);
    await sleep(300);

    load.phase = 'outage';
    await redis.stop();
    await sleep(300);
    // The contact throttle (5 a client) still counts, in memory, while Redis is away.
    const client = nextClientAddress();
    const burst: number[] = [];
    for (let i = 0; i < 6; i++) burst.push((await send(server.baseUrl, 'write', client)).status);
    const health = await fetch(`${server.baseUrl}/-/health`);

    load.phase = 'return';
    await redis.start();
    const store = new Redis(redis.url, { lazyConnect: true });
    await store.connect();
    const recovered = await recovers(async () => {
      const counted = nextClientAddress();
      const write = await send(server.baseUrl, 'write', counted);
      return (
        write.status === 200 &&
        (await store.exists(`newsroom:throttle:contact-ip:${counted}`)) === 1
      );
    });
    await store.quit();
    load.phase = 'after';
    await sleep(300);
    await load.stop();

    expect(recovered, server.output).toBe(true);
    expect(server.alive).toBe(true);
    expect(unexpected(load.answers, [200])).toEqual([]);
    expect(burst).toEqual([200, 200, 200, 200, 200, 429]);
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ status: 'degraded', redis: { ok: false } });
    expect(server.output).not.toMatch(/unhandled|uncaught/i);
  });
});
