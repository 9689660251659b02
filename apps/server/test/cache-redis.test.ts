import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNews, createTaxonomy, newsFields, within, type AuthHeaders } from './factories.ts';
import { adminAuth } from './fixtures.ts';
import { call, createTestApp, redisSiblings, type TestApp } from './helpers.ts';
import { fakeDist } from './web-dist.ts';

/*
 * Two instances on one database and one Redis, each keeping pages and answers in memory: only an
 * invalidation reaching the reader instance can make it drop what the writer changed. The reader
 * rebuilds what it read lately when it hears of the write; lists may be stale for a second
 * there, as on the writer (decision 133).
 */

const redisUrl = process.env.REDIS_URL;

describe.skipIf(!redisUrl)('two instances with Redis', () => {
  let t: TestApp;
  let dist: string;
  let writer: TestApp;
  let reader: TestApp;
  let headers: AuthHeaders;

  beforeAll(async () => {
    dist = await fakeDist();
    t = await createTestApp({ WEB_DIST: dist });
    [writer, reader] = await redisSiblings(t, redisUrl ?? '', { WEB_DIST: dist });
    headers = await adminAuth(writer.app);
  });
  afterAll(async () => {
    await Promise.all([writer?.close(), reader?.close()]);
    await t.close();
    await fs.rm(dist, { recursive: true, force: true });
  });

  const onReader = (url: string) => reader.app.inject({ method: 'GET', url });

  it('shows neither a deleted nor an outdated article a second after the writer’s 200', async () => {
    const taxonomy = await createTaxonomy(writer.app, headers, { category: 'Shared' });
    const ctx = { app: writer.app, headers, taxonomy };
    const story = await createNews(ctx, { title: 'First version' });
    const gone = await createNews(ctx, { title: 'About to be deleted' });
    for (const url of [`/news/${story.slug}`, `/news/${gone.slug}`, '/section/Shared']) {
      expect((await onReader(url)).statusCode).toBe(200);
    }
    expect((await onReader(`/api/v1/u/news/${gone.slug}`)).statusCode).toBe(200);

    const updated = await call(writer.app, {
      method: 'PUT',
      url: `/api/v1/news/update/${story._id}`,
      payload: newsFields(taxonomy, { title: 'Second version', slug: story.slug }),
      headers,
    });
    expect(updated.status).toBe(200);
    const deleted = await call(writer.app, {
      method: 'DELETE',
      url: `/api/v1/news/delete/${gone._id}`,
      headers,
    });
    expect(deleted.status).toBe(200);

    const caughtUp = async () => {
      const [page, list, removed, api] = await Promise.all([
        onReader(`/news/${story.slug}`),
        onReader('/section/Shared'),
        onReader(`/news/${gone.slug}`),
        onReader(`/api/v1/u/news/${gone.slug}`),
      ]);
      return (
        page.body.includes('<h1>Second version</h1>') &&
        !list.body.includes('About to be deleted') &&
        removed.statusCode === 410 &&
        api.statusCode === 404
      );
    };
    expect(await within(1000, caughtUp)).toBe(true);
  });
});
