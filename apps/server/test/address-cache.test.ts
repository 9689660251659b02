import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewsDto } from '@newsroom/contract';
import {
  createNews,
  createTaxonomy,
  newsFields,
  newsContext,
  type NewsContext,
} from './factories.ts';
import { call, createSiblingApp, createTestApp, type TestApp } from './helpers.ts';
import { HOUR_MS, MovableClock } from './movable-clock.ts';
import { fakeDist, renders } from './web-dist.ts';

/**
 * Redirects and 410s through the page cache (PAGE_CACHE_MB on, the default): kept and served by
 * the hit server like any page, and dropped by the write that changes them (decision 084).
 */

let t: TestApp;
let dist: string;
let base: string;
let ctx: NewsContext;
const clock = new MovableClock();

beforeAll(async () => {
  dist = await fakeDist();
  t = await createTestApp({ WEB_DIST: dist }, { clock });
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  ctx = await newsContext(t.app);
});
afterAll(async () => {
  await t.close();
  await fs.rm(dist, { recursive: true, force: true });
});

/** A GET over a real socket (so the hit server sees it), redirects not followed. */
async function get(path: string) {
  const response = await fetch(base + path, { redirect: 'manual' });
  return { status: response.status, location: response.headers.get('location'), response };
}

/** Headers but those that differ per answer by nature (time, connection) or by query. */
const comparable = (headers: Headers) =>
  Object.fromEntries(
    [...headers.entries()].filter(([name]) => !['date', 'keep-alive', 'location'].includes(name)),
  );

/** The answer to a second GET of `path`, and whether it was served without a render. */
async function kept(path: string) {
  await get(path);
  const [before, served] = [renders(), t.app.hitServer.served];
  const again = await get(path);
  return { ...again, fromCache: renders() === before && t.app.hitServer.served === served + 1 };
}

async function update(news: NewsDto, slug: string) {
  const res = await call(t.app, {
    method: 'PUT',
    url: `/api/v1/news/update/${news._id}`,
    payload: newsFields(ctx.taxonomy, { title: news.title, slug }),
    headers: ctx.headers,
  });
  expect(res.status).toBe(200);
}

describe('kept redirects', () => {
  it('are served by the hit server, counting no view, with the query as asked', async () => {
    const story = await createNews(ctx, { title: 'Kept redirect', slug: 'kept-first' });
    await update(story, 'kept-second');
    const again = await kept('/news/kept-first?ref=home');
    expect(again).toMatchObject({ status: 301, location: '/news/kept-second?ref=home' });
    expect(again.fromCache).toBe(true);
    expect(again.response.headers.get('cache-control')).toBe('no-cache, private');
    // A miss, answered by the framework, carries the same headers but for its own query.
    const miss = await get('/news/kept-first?ref=other');
    expect(miss.location).toBe('/news/kept-second?ref=other');
    expect(comparable(miss.response.headers)).toEqual(comparable(again.response.headers));
    const admin = await call(t.app, {
      method: 'GET',
      url: `/api/v1/news/get/${story._id}`,
      headers: ctx.headers,
    });
    expect(admin.body.data.views).toBe(0);
  });

  it('are dropped when the article moves on, so no chain forms', async () => {
    const story = await createNews(ctx, { title: 'Moving story', slug: 'moving-a' });
    await update(story, 'moving-b');
    expect((await kept('/news/moving-a')).location).toBe('/news/moving-b');
    await update(story, 'moving-c');
    expect((await get('/news/moving-a')).location).toBe('/news/moving-c');
  });

  it('are dropped when another article takes the slug', async () => {
    const story = await createNews(ctx, { title: 'Slug giver', slug: 'given-slug' });
    await update(story, 'given-slug-new');
    expect((await kept('/news/given-slug')).fromCache).toBe(true);
    await createNews(ctx, { title: 'Slug taker', slug: 'given-slug' });
    expect((await get('/news/given-slug')).status).toBe(200);
  });

  it('of a renamed category are dropped when a new category takes the old name', async () => {
    const desk = await createTaxonomy(t.app, ctx.headers, { category: 'Opinion' });
    const res = await call(t.app, {
      method: 'PUT',
      url: `/api/v1/category/update/${desk.categoryId}`,
      payload: { name: 'Views' },
      headers: ctx.headers,
    });
    expect(res.status).toBe(200);
    expect(await kept('/opinion')).toMatchObject({ status: 301, fromCache: true });
    await createTaxonomy(t.app, ctx.headers, { category: 'Opinion' });
    expect((await get('/opinion')).status).toBe(200);
  });
});

describe('a kept 404 of a scheduled article’s former slug', () => {
  it('becomes its redirect at the publication time, with no write', async () => {
    const publishAt = new Date(clock.now().getTime() + HOUR_MS).toISOString();
    const story = await createNews(ctx, {
      title: 'Scheduled story',
      slug: 'sched-first',
      publishAt,
    });
    await update(story, 'sched-second');
    expect(await kept('/news/sched-first')).toMatchObject({ status: 404, fromCache: true });
    clock.advanceTo(publishAt);
    expect(await get('/news/sched-first')).toMatchObject({
      status: 301,
      location: '/news/sched-second',
    });
  });
});

describe('kept 410s', () => {
  it('are served by the hit server and dropped when a new article takes the slug', async () => {
    const story = await createNews(ctx, { title: 'Deleted soon', slug: 'deleted-soon' });
    const res = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/news/delete/${story._id}`,
      headers: ctx.headers,
    });
    expect(res.status).toBe(200);
    expect(await kept('/news/deleted-soon')).toMatchObject({ status: 410, fromCache: true });
    await createNews(ctx, { title: 'Born again', slug: 'deleted-soon' });
    const served = await get('/news/deleted-soon');
    expect(served.status).toBe(200);
    expect(await served.response.text()).toContain('<h1>Born again</h1>');
  });
});

describe('without the page cache (PAGE_CACHE_MB=0)', () => {
  it('redirects and answers 410 all the same', async () => {
    const uncached = await createSiblingApp(t, { WEB_DIST: dist, PAGE_CACHE_MB: '0' }, { clock });
    const story = await createNews(ctx, { title: 'Uncached story', slug: 'uncached-one' });
    await update(story, 'uncached-two');
    const page = (url: string) => uncached.app.inject({ method: 'GET', url });
    expect((await page('/news/uncached-one')).headers.location).toBe('/news/uncached-two');
    await call(uncached.app, {
      method: 'DELETE',
      url: `/api/v1/news/delete/${story._id}`,
      headers: ctx.headers,
    });
    expect((await page('/news/uncached-one')).statusCode).toBe(410);
    expect(uncached.app.publicCache.size).toBe(0);
    await uncached.close();
  });
});
