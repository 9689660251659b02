import fs from 'node:fs/promises';
import type { NewsDto } from '@newsroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createNews,
  createTaxonomy,
  viewsInDatabase,
  within,
  type AuthHeaders,
  type NewsContext,
} from './factories.ts';
import { adminAuth } from './fixtures.ts';
import { call, createSiblingApp, createTestApp, type TestApp } from './helpers.ts';
import { fakeDist } from './web-dist.ts';

let t: TestApp;
let dist: string;
let headers: AuthHeaders;
let ctx: NewsContext;

beforeAll(async () => {
  dist = await fakeDist();
  t = await createTestApp({ WEB_DIST: dist });
  headers = await adminAuth(t.app);
  ctx = { app: t.app, headers, taxonomy: await createTaxonomy(t.app, headers) };
});
afterAll(async () => {
  await t.close();
  await fs.rm(dist, { recursive: true, force: true });
});

/** The views the back office shows for an article. */
async function adminViews(id: string): Promise<number> {
  const res = await call(t.app, { method: 'GET', url: `/api/v1/news/get/${id}`, headers });
  return res.body.data.views as number;
}

const written = (news: NewsDto, views: number) =>
  within(2000, async () => (await viewsInDatabase(t.app, news._id)) === views);

describe('article views', () => {
  it('counts one view per GET of the article page, kept or rendered, and none per HEAD', async () => {
    const news = await createNews(ctx, { title: 'Counted by its page' });
    for (let i = 0; i < 5; i++) {
      expect((await t.app.inject({ method: 'GET', url: `/news/${news.slug}` })).statusCode).toBe(
        200,
      );
    }
    const head = await t.app.inject({ method: 'HEAD', url: `/news/${news.slug}` });
    expect(head.statusCode).toBe(200);
    expect(await adminViews(news._id)).toBe(5);
    expect(await written(news, 5)).toBe(true);
    expect(await adminViews(news._id)).toBe(5);
  });

  it('counts one view per /u/news call and shows each in the answer', async () => {
    const news = await createNews(ctx, { title: 'Counted by the API' });
    await t.app.inject({ method: 'GET', url: `/news/${news.slug}` });
    const seen = [];
    for (let i = 0; i < 4; i++) {
      const res = await call(t.app, { method: 'GET', url: `/api/v1/u/news/${news.slug}` });
      seen.push(res.body.data[0].views);
    }
    expect(seen).toEqual([2, 3, 4, 5]);
    const head = await t.app.inject({ method: 'HEAD', url: `/api/v1/u/news/${news.slug}` });
    expect(head.statusCode).toBe(200);
    expect(await written(news, 5)).toBe(true);
  });

  it('counts nothing for an unknown or inactive article', async () => {
    const hidden = await createNews(ctx, { title: 'Not published yet', status: false });
    expect((await t.app.inject({ method: 'GET', url: `/news/${hidden.slug}` })).statusCode).toBe(
      404,
    );
    expect(
      (await call(t.app, { method: 'GET', url: `/api/v1/u/news/${hidden.slug}` })).status,
    ).toBe(404);
    expect(await adminViews(hidden._id)).toBe(0);
  });

  it('writes the last views when the app closes', async () => {
    const news = await createNews(ctx, { title: 'Read just before a restart' });
    const other = await createSiblingApp(t, { WEB_DIST: dist });
    for (let i = 0; i < 7; i++) {
      await other.app.inject({ method: 'GET', url: `/api/v1/u/news/${news.slug}` });
    }
    await other.close();
    expect(await viewsInDatabase(t.app, news._id)).toBe(7);
  });

  it('writes the views of more articles than one statement takes, each exactly once', async () => {
    const articles: NewsDto[] = [];
    for (let i = 0; i < 250; i += 25) {
      const batch = Array.from({ length: 25 }, (_, j) =>
        createNews(ctx, { title: `Long tail ${i + j}` }),
      );
      articles.push(...(await Promise.all(batch)));
    }
    const other = await createSiblingApp(t, { WEB_DIST: dist });
    for (const [i, news] of articles.entries()) {
      for (let view = 0; view < 1 + (i % 3); view++) {
        await other.app.inject({ method: 'GET', url: `/api/v1/u/news/${news.slug}` });
      }
    }
    await other.close();
    const views = await Promise.all(articles.map((news) => viewsInDatabase(t.app, news._id)));
    expect(views).toEqual(articles.map((_, i) => 1 + (i % 3)));
  });
});

describe('VIEWS_FROM=beacon', () => {
  it('counts by the page’s beacon, not by the page, which a CDN may keep', async () => {
    const news = await createNews(ctx, { title: 'Behind a CDN' });
    const cdn = await createSiblingApp(t, { WEB_DIST: dist, VIEWS_FROM: 'beacon' });
    try {
      const pageAnswer = await cdn.app.inject({ method: 'GET', url: `/news/${news.slug}` });
      expect(pageAnswer.headers['cache-control']).toBe('public, no-cache');
      const beacon = `/api/v1/u/news/${news.slug}/view`;
      expect(pageAnswer.body).toContain(`<img src="${beacon}"`);
      await cdn.app.inject({ method: 'GET', url: `/news/${news.slug}` });
      const hit = await cdn.app.inject({ method: 'GET', url: beacon });
      expect(hit.statusCode).toBe(204);
      expect(hit.headers['cache-control']).toBe('no-store');
      await cdn.app.inject({ method: 'POST', url: beacon });
    } finally {
      await cdn.close();
    }
    expect(await viewsInDatabase(t.app, news._id)).toBe(2);
  });
});
