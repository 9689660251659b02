import fs from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createNews, createTaxonomy } from './factories.ts';
import { adminAuth } from './fixtures.ts';
import { call, createTestApp, type TestApp } from './helpers.ts';
import { freePort } from './ports.ts';
import { fakeDist } from './web-dist.ts';

const dialect = process.env.DATABASE_URL ? 'postgres' : 'sqlite';

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

describe('GET /-/health', () => {
  it('answers 200 and says every dependency answers', async () => {
    t = await createTestApp();
    const res = await call(t.app, { method: 'GET', url: '/-/health' });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({
      status: 'ok',
      database: { ok: true, dialect },
      redis: null,
      storage: { ok: true },
    });
  });

  it('answers 503 degraded when the media store cannot be written', async () => {
    t = await createTestApp();
    // A file where the uploads folder should be: nothing can be written there, even by root.
    const uploads = path.join(t.dataDir, 'uploads');
    await fs.rm(uploads, { recursive: true });
    await fs.writeFile(uploads, 'not a folder');
    const res = await call(t.app, { method: 'GET', url: '/-/health' });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      status: 'degraded',
      database: { ok: true, dialect },
      redis: null,
      storage: { ok: false },
    });
  });

  // A port nothing listens on: connections to it are refused at once.
  it('answers 503 degraded when Redis is down, while throttled routes keep working', async () => {
    t = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${await freePort()}` });
    const app = t.app;
    const res = await call(app, { method: 'GET', url: '/-/health' });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ status: 'degraded', redis: { ok: false } });
    expect(res.body.database).toEqual({ ok: true, dialect });

    // Contact messages are throttled (5 per client per 10 minutes): counted in memory meanwhile.
    const send = (i: number) =>
      call(app, {
        method: 'POST',
        url: '/api/v1/contact/create',
        remoteAddress: '192.0.2.44',
        payload: {
          fullName: 'Reader Without Redis',
          email: `reader${i}@example.com`,
          phone: '9876543210',
          message: 'Sent while Redis is away',
        },
      });
    for (let i = 0; i < 5; i++) expect((await send(i)).status).toBe(200);
    expect((await send(5)).status).toBe(429);
  });
});

describe('a section named Health', () => {
  it('has its list page and feed at /health, beside the health check at /-/health', async () => {
    const dist = await fakeDist();
    try {
      t = await createTestApp({ WEB_DIST: dist });
      // Before there is a Health section, its address is a page not found, not the health check.
      const none = await t.app.inject({ method: 'GET', url: '/health' });
      expect(none.statusCode).toBe(404);
      expect(none.headers['content-type']).toContain('text/html');
      const headers = await adminAuth(t.app);
      const taxonomy = await createTaxonomy(t.app, headers, { category: 'Health' });
      await createNews({ app: t.app, headers, taxonomy }, { title: 'Clinics open late' });
      const page = await t.app.inject({ method: 'GET', url: '/health' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('Clinics open late');
      const feed = await t.app.inject({ method: 'GET', url: '/health/rss.xml' });
      expect(feed.statusCode).toBe(200);
      expect(feed.body).toContain('Clinics open late');
      const check = await call(t.app, { method: 'GET', url: '/-/health' });
      expect(check.status).toBe(200);
      expect(check.body).toMatchObject({ status: 'ok', database: { ok: true, dialect } });
    } finally {
      await fs.rm(dist, { recursive: true, force: true });
    }
  });
});
