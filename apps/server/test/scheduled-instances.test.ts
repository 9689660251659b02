import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNews, createTaxonomy, within, type AuthHeaders } from './factories.ts';
import { adminAuth } from './fixtures.ts';
import { createTestApp, redisSiblings, type TestApp } from './helpers.ts';
import { MovableClock } from './movable-clock.ts';
import { fakeDist, renders } from './web-dist.ts';

/*
 * Two instances with Redis: the reader instance keeps a home page, the writer schedules an
 * article after the reader started. The reader hears of the write through the invalidation bus,
 * reads the schedule again, and drops its page at the publication time with no further write.
 */

const redisUrl = process.env.REDIS_URL;

describe.skipIf(!redisUrl)('scheduled publishing on two instances', () => {
  const clock = new MovableClock();
  let t: TestApp;
  let dist: string;
  let writer: TestApp;
  let reader: TestApp;
  let headers: AuthHeaders;

  beforeAll(async () => {
    dist = await fakeDist();
    t = await createTestApp({ WEB_DIST: dist }, { clock });
    [writer, reader] = await redisSiblings(t, redisUrl ?? '', { WEB_DIST: dist }, { clock });
    headers = await adminAuth(writer.app);
  });
  afterAll(async () => {
    await Promise.all([writer?.close(), reader?.close()]);
    await t.close();
    await fs.rm(dist, { recursive: true, force: true });
  });

  const home = () => reader.app.inject({ method: 'GET', url: '/' });

  it('shows the article on the reader instance’s kept home page at its time', async () => {
    const taxonomy = await createTaxonomy(writer.app, headers, { category: 'Schedules' });
    const publishAt = new Date(clock.now().getTime() + 3_600_000).toISOString();
    const title = 'Scheduled on the writer instance';
    await home();
    const start = renders();
    await createNews({ app: writer.app, headers, taxonomy }, { title, publishAt });
    // The write's invalidation reached the reader: its home page is built again (by its next
    // reader, or at once when it was read lately: decision 133), then kept.
    const rebuilt = async () => {
      await home();
      return renders() > start;
    };
    expect(await within(2000, rebuilt)).toBe(true);
    const before = renders();
    expect((await home()).body).not.toContain(title);
    expect(renders()).toBe(before);

    clock.advanceTo(publishAt);
    // The reader reads its schedule again after each message; give it the time of one query.
    expect(await within(2000, async () => (await home()).body.includes(title))).toBe(true);
  });
});
