import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewsDto } from '@newsroom/contract';
import { createNews, createTaxonomy, type NewsContext } from './factories.ts';
import { adminAuth } from './fixtures.ts';
import { call, createTestApp, type TestApp } from './helpers.ts';
import { MovableClock } from './movable-clock.ts';
import { fakeDist, renders } from './web-dist.ts';

/*
 * A scheduled article, on the application's clock moved by the test (no waiting, no write at the
 * publication time): absent from every public read until its time, present from that instant on,
 * with the page cache on, so answers kept before the time must change at it.
 */

const HOUR = 3_600_000;

let t: TestApp;
let dist: string;
let ctx: NewsContext;
let other: NewsContext;
const clock = new MovableClock();
let scheduled: NewsDto;

beforeAll(async () => {
  dist = await fakeDist();
  t = await createTestApp({ WEB_DIST: dist }, { clock });
  const headers = await adminAuth(t.app);
  ctx = { app: t.app, headers, taxonomy: await createTaxonomy(t.app, headers) };
  other = { app: t.app, headers, taxonomy: await createTaxonomy(t.app, headers) };
  await createNews(ctx, { title: 'Already published story' });
  await createNews(other, { title: 'A story of another desk' });
  scheduled = await createNews(ctx, {
    title: 'Zephyrine comet returns tonight',
    publishAt: new Date(clock.now().getTime() + HOUR).toISOString(),
  });
});
afterAll(async () => {
  await t.close();
  await fs.rm(dist, { recursive: true, force: true });
});

const get = (url: string) => call(t.app, { method: 'GET', url });
const slugsOf = (body: { data: NewsDto[] }) => body.data.map((news) => news.slug);

/** Every public place the article may show, and the counts that include it. */
async function surfaces() {
  const { slug, title } = scheduled;
  const category = encodeURIComponent(ctx.taxonomy.names.category);
  const [list, byCategory, latest, related, article, page, home, rss, search] = await Promise.all([
    get('/api/v1/u/get'),
    get(`/api/v1/u/get?category=${category}`),
    get('/api/v1/u/latest'),
    get(`/api/v1/u/related-news?category=${category}`),
    get(`/api/v1/u/news/${slug}`),
    t.app.inject({ method: 'GET', url: `/news/${slug}` }),
    t.app.inject({ method: 'GET', url: '/' }),
    get('/rss.xml'),
    get('/api/v1/u/search?q=zephyrine'),
  ]);
  const index = String((await get('/sitemap.xml')).body);
  const files = [...index.matchAll(/<loc>http:\/\/news\.test(\/sitemaps\/news-[^<]+)<\/loc>/g)];
  const months = await Promise.all(files.map((file) => get(file[1] ?? '')));
  return {
    list: slugsOf(list.body).includes(slug),
    count: list.body.count as number,
    category: slugsOf(byCategory.body).includes(slug),
    categoryCount: byCategory.body.count as number,
    latest: slugsOf(latest.body).includes(slug),
    related: slugsOf(related.body).includes(slug),
    article: article.status,
    page: page.statusCode,
    home: home.body.includes(title),
    rss: String(rss.body).includes(`/news/${slug}<`),
    sitemap: months.some((month) => String(month.body).includes(`/news/${slug}<`)),
    search: search.body.count as number,
  };
}

const hidden = {
  list: false,
  count: 2,
  category: false,
  categoryCount: 1,
  latest: false,
  related: false,
  article: 404,
  page: 404,
  home: false,
  rss: false,
  sitemap: false,
  search: 0,
};

describe('a scheduled article', () => {
  it('is in no public read, list, count, feed, sitemap or search before its time', async () => {
    expect(scheduled).toMatchObject({ draft: false, status: true });
    expect(await surfaces()).toEqual(hidden);
    // Kept by the page cache now: the next read of the home page is not rendered again.
    const before = renders();
    await t.app.inject({ method: 'GET', url: '/' });
    expect(renders()).toBe(before);
  });

  it('is still hidden a millisecond before its time', async () => {
    clock.stopAt(new Date(Date.parse(scheduled.publishAt ?? '') - 1).toISOString());
    expect(await surfaces()).toEqual(hidden);
  });

  it('is everywhere from the very instant of its time, with no write and no restart', async () => {
    const otherSection = `/section/${encodeURIComponent(other.taxonomy.names.category)}`;
    await t.app.inject({ method: 'GET', url: otherSection });
    clock.advance(1);
    expect(clock.now().toISOString()).toBe(scheduled.publishAt);
    expect(await surfaces()).toEqual({
      list: true,
      count: 3,
      category: true,
      categoryCount: 2,
      latest: true,
      related: true,
      article: 200,
      page: 200,
      home: true,
      rss: true,
      sitemap: true,
      search: 1,
    });
    // Only what the article shows on was dropped: another desk's page is still kept.
    const before = renders();
    await t.app.inject({ method: 'GET', url: otherSection });
    expect(renders()).toBe(before);
  });

  it('is listed in the admin table all along, with its publication time', async () => {
    const res = await call(t.app, {
      method: 'GET',
      url: '/api/v1/news/get?page=1&limit=6',
      headers: ctx.headers,
    });
    const row = res.body.data.data.find((news: NewsDto) => news._id === scheduled._id);
    expect(row).toMatchObject({ draft: false, publishAt: scheduled.publishAt });
    expect(res.body.count).toBe(3);
  });
});
