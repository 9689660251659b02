import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewsDto } from '@newsroom/contract';
import { createNews, newsFields, newsContext, type NewsContext } from './factories.ts';
import { call, createTestApp, type TestApp } from './helpers.ts';
import { fakeDist } from './web-dist.ts';

/** Former slugs, deleted articles and slugs taken again (decision 084), through pages and API. */
let t: TestApp;
let dist: string;
let ctx: NewsContext;

beforeAll(async () => {
  dist = await fakeDist();
  t = await createTestApp({ WEB_DIST: dist });
  ctx = await newsContext(t.app);
});
afterAll(async () => {
  await t.close();
  await fs.rm(dist, { recursive: true, force: true });
});

const page = (url: string) => t.app.inject({ method: 'GET', url });
const article = (slug: string) => call(t.app, { method: 'GET', url: `/api/v1/u/news/${slug}` });

async function update(news: NewsDto, overrides: Record<string, unknown>) {
  const res = await call(t.app, {
    method: 'PUT',
    url: `/api/v1/news/update/${news._id}`,
    payload: newsFields(ctx.taxonomy, { title: news.title, slug: news.slug, ...overrides }),
    headers: ctx.headers,
  });
  expect(res.status).toBe(200);
  return res.body.data as NewsDto;
}

async function remove(news: NewsDto) {
  const res = await call(t.app, {
    method: 'DELETE',
    url: `/api/v1/news/delete/${news._id}`,
    headers: ctx.headers,
  });
  expect(res.status).toBe(200);
}

describe('a changed slug', () => {
  it('redirects every former slug straight to the current one, keeping the query', async () => {
    const story = await createNews(ctx, { title: 'Harbour reopens', slug: 'harbour-one' });
    await update(story, { slug: 'harbour-two' });
    await update(story, { slug: 'harbour-three' });
    for (const former of ['harbour-one', 'harbour-two', 'HARBOUR-ONE']) {
      const moved = await page(`/news/${former}?utm_source=feed&x=1`);
      expect(moved.statusCode).toBe(301);
      expect(moved.headers.location).toBe('/news/harbour-three?utm_source=feed&x=1');
    }
    expect((await page('/news/harbour-three')).body).toContain('<h1>Harbour reopens</h1>');
  });

  it('is no longer a redirect once the article takes it back', async () => {
    const story = await createNews(ctx, { title: 'Tram line extended', slug: 'tram-first' });
    await update(story, { slug: 'tram-second' });
    expect((await page('/news/tram-first')).headers.location).toBe('/news/tram-second');
    await update(story, { slug: 'tram-first' });
    expect((await page('/news/tram-first')).statusCode).toBe(200);
    expect((await page('/news/tram-second')).headers.location).toBe('/news/tram-first');
  });

  it('serves the live article that takes a freed slug, and redirects no more', async () => {
    const first = await createNews(ctx, { title: 'Old bridge story', slug: 'bridge-news' });
    await update(first, { slug: 'bridge-news-2024' });
    expect((await page('/news/bridge-news')).statusCode).toBe(301);
    await createNews(ctx, { title: 'New bridge story', slug: 'bridge-news' });
    const taken = await page('/news/bridge-news');
    expect(taken.statusCode).toBe(200);
    expect(taken.body).toContain('<h1>New bridge story</h1>');
    expect((await page('/news/bridge-news-2024')).body).toContain('<h1>Old bridge story</h1>');
  });

  it('leads nowhere while its article is inactive', async () => {
    const story = await createNews(ctx, { title: 'Quiet story here', slug: 'quiet-first' });
    const moved = await update(story, { slug: 'quiet-second', status: false });
    expect((await page('/news/quiet-first')).statusCode).toBe(404);
    await update(moved, { status: true });
    expect((await page('/news/quiet-first')).headers.location).toBe('/news/quiet-second');
  });

  it('keeps the slug rules of the spec: only a live article holds a slug', async () => {
    const story = await createNews(ctx, { title: 'Rules stay the same', slug: 'rules-old' });
    await update(story, { slug: 'rules-new' });
    const other = await createNews(ctx, { title: 'Another story', slug: 'another-story' });
    const taken = await call(t.app, {
      method: 'PUT',
      url: `/api/v1/news/update/${other._id}`,
      payload: newsFields(ctx.taxonomy, { title: other.title, slug: 'rules-new' }),
      headers: ctx.headers,
    });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(
      'A news article with the slug "rules-new" already exists; choose another slug',
    );
  });
});

describe('a deleted article', () => {
  it('answers 410 on its page and every former slug, and 404 in the API', async () => {
    const story = await createNews(ctx, { title: 'Story to remove', slug: 'remove-me-now' });
    await update(story, { slug: 'remove-me-later' });
    expect((await page('/news/remove-me-now')).statusCode).toBe(301);
    await remove(story);
    for (const slug of ['remove-me-later', 'remove-me-now']) {
      const gone = await page(`/news/${slug}`);
      expect(gone.statusCode).toBe(410);
      expect(gone.body).toContain('<main>Removed</main>');
      expect(gone.headers['cache-control']).toBe('no-cache, private');
      const api = await article(slug);
      expect(api.status).toBe(404);
      expect(api.body.message).toBe(`No published news article has the address "${slug}"`);
    }
    expect((await page('/news/never-existed-slug')).statusCode).toBe(404);
  });

  it('leaves its slug to a later article, which is served', async () => {
    const story = await createNews(ctx, { title: 'First holder', slug: 'reused-slug' });
    await remove(story);
    expect((await page('/news/reused-slug')).statusCode).toBe(410);
    await createNews(ctx, { title: 'Second holder', slug: 'reused-slug' });
    const served = await page('/news/reused-slug');
    expect(served.statusCode).toBe(200);
    expect(served.body).toContain('<h1>Second holder</h1>');
  });
});
