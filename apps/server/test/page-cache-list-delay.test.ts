import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNews, createTaxonomy, newsFields, within, type NewsContext } from './factories.ts';
import { adminAuth } from './fixtures.ts';
import { call, createTestApp, type TestApp } from './helpers.ts';
import { fakeDist } from './web-dist.ts';

/*
 * Lists held back after a write (decision 088): the article's own page and API answer are current
 * at the writer's 200; the lists it shows in are made stale together with those of the writes that
 * follow within PAGE_CACHE_LIST_DELAY_MS, and rebuilt once for all of them. Two instances with
 * Redis and the served delay: cache-redis.test.ts.
 */

/** Renders made by the renderer stand-in (test/web-dist.ts), in every app of this file. */
const renders = () => (globalThis as { __renders?: number }).__renders ?? 0;

let dist: string;
beforeAll(async () => {
  dist = await fakeDist();
});
afterAll(async () => {
  await fs.rm(dist, { recursive: true, force: true });
});

const titles = (list: { body: { data: { title: string }[] } }) =>
  list.body.data.map((news) => news.title);

describe('lists held back until they settle', () => {
  let t: TestApp;
  let world: NewsContext;

  beforeAll(async () => {
    // Held back until the test settles them, so what a reader sees meanwhile is not a race.
    t = await createTestApp({ WEB_DIST: dist }, { listDelayMs: 600_000 });
    const headers = await adminAuth(t.app);
    const taxonomy = await createTaxonomy(t.app, headers, { category: 'World' });
    world = { app: t.app, headers, taxonomy };
  });
  afterAll(() => t.close());

  const page = (url: string) => t.app.inject({ method: 'GET', url });
  const publicApi = (url: string) => call(t.app, { method: 'GET', url: `/api/v1/u${url}` });

  it('an update is on its own page and API answer at once, and on the lists once they settle', async () => {
    const story = await createNews(world, { title: 'Dam opens soon' });
    await t.app.publicCache.settle();
    expect((await page('/')).body).toContain('<li>Dam opens soon</li>');
    expect(titles(await publicApi('/get?category=World'))).toContain('Dam opens soon');
    expect((await page(`/news/${story.slug}`)).body).toContain('<h1>Dam opens soon</h1>');

    const res = await call(t.app, {
      method: 'PUT',
      url: `/api/v1/news/update/${story._id}`,
      payload: newsFields(world.taxonomy, { title: 'Dam opens at noon today', slug: story.slug }),
      headers: world.headers,
    });
    expect(res.status).toBe(200);
    expect((await page(`/news/${story.slug}`)).body).toContain('<h1>Dam opens at noon today</h1>');
    expect((await publicApi(`/news/${story.slug}`)).body.data[0].title).toBe(
      'Dam opens at noon today',
    );
    // The lists still hold the copy from before the write…
    expect((await page('/')).body).toContain('<li>Dam opens soon</li>');
    expect(titles(await publicApi('/get?category=World'))).toContain('Dam opens soon');

    await t.app.publicCache.settle();
    // …until they settle.
    expect((await page('/')).body).toContain('<li>Dam opens at noon today</li>');
    expect(titles(await publicApi('/get?category=World'))).toContain('Dam opens at noon today');
  });

  it('writes in a row render nothing, and one settling rebuilds a list read lately with all of them', async () => {
    const url = '/?rows=kept';
    await page(url);
    expect((await page(url)).body).toContain('<ul>');
    const before = renders();
    for (const title of ['Row one story', 'Row two story', 'Row three story'])
      await createNews(world, { title });
    expect(renders()).toBe(before);

    await t.app.publicCache.settle();
    const settled = renders();
    expect(settled).toBeGreaterThan(before);
    const kept = await page(url);
    // Rebuilt by the settling, not by this reader.
    expect(renders()).toBe(settled);
    for (const title of ['Row one story', 'Row two story', 'Row three story']) {
      expect(kept.body).toContain(`<li>${title}</li>`);
    }
  });

  it('a deleted article’s page says so at once; the lists drop it once they settle', async () => {
    const story = await createNews(world, { title: 'Soon removed' });
    await t.app.publicCache.settle();
    expect((await page('/')).body).toContain('<li>Soon removed</li>');
    const res = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/news/delete/${story._id}`,
      headers: world.headers,
    });
    expect(res.status).toBe(200);
    expect((await page(`/news/${story.slug}`)).statusCode).toBe(410);
    expect((await publicApi(`/news/${story.slug}`)).status).toBe(404);

    await t.app.publicCache.settle();
    expect((await page('/')).body).not.toContain('Soon removed');
    expect(titles(await publicApi('/get?category=World'))).not.toContain('Soon removed');
  });
});

describe('with PAGE_CACHE_LIST_DELAY_MS as served (500)', () => {
  let t: TestApp;
  let world: NewsContext;

  beforeAll(async () => {
    t = await createTestApp({ WEB_DIST: dist, PAGE_CACHE_LIST_DELAY_MS: '' });
    const headers = await adminAuth(t.app);
    const taxonomy = await createTaxonomy(t.app, headers, { category: 'Harbour' });
    world = { app: t.app, headers, taxonomy };
  });
  afterAll(() => t.close());

  it('the lists settle on their own', async () => {
    const page = (url: string) => t.app.inject({ method: 'GET', url });
    expect((await page('/')).statusCode).toBe(200);
    await createNews(world, { title: 'Tide tables out' });
    const listed = async () => (await page('/')).body.includes('<li>Tide tables out</li>');
    expect(await within(5000, listed)).toBe(true);
  });
});
