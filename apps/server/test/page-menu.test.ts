import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNews, createTaxonomy } from './factories.ts';
import { adminAuth } from './fixtures.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { renders } from './web-dist.ts';

/** These pages are rendered by the real web app, as built by `npm run build`. */
const WEB_DIST = path.resolve(__dirname, '../../web/dist');

let t: TestApp;
let headers: { authorization: string };
let story: string;

beforeAll(async () => {
  if (!existsSync(path.join(WEB_DIST, 'server', 'entry-server.js'))) {
    throw new Error(`${WEB_DIST} is missing: run npm run build before these page tests`);
  }
  t = await createTestApp({ WEB_DIST });
  headers = await adminAuth(t.app);
  const taxonomy = await createTaxonomy(t.app, headers, {
    category: 'World News',
    subcategory: 'South Asia',
  });
  story = (await createNews({ app: t.app, headers, taxonomy }, { title: 'Rains reach the coast' }))
    .slug;
});
afterAll(() => t?.close());

const page = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.body };
};

/** The category bar's links marked as the page the reader is on. */
const marked = (html: string) => {
  const bar = /<nav aria-label="Categories"[^>]*>(.*?)<\/nav>/s.exec(html)?.[1] ?? '';
  return [...bar.matchAll(/<a href="([^"]*)"[^>]*aria-current="page"/g)].map((m) => m[1]);
};

describe('the category menu every page shows', () => {
  it('marks the home page, a category on its pages and its sub-categories’, nothing elsewhere', async () => {
    expect(marked((await page('/')).body)).toEqual(['/']);
    expect(marked((await page('/world-news')).body)).toEqual(['/world-news']);
    expect(marked((await page('/world-news/south-asia')).body)).toEqual(['/world-news']);
    const article = await page(`/news/${story}`);
    expect(article.body).toContain('href="/world-news"');
    expect(marked(article.body)).toEqual([]);
  });

  it('shows a new category on list pages without rendering them again', async () => {
    await page('/world-news');
    await page('/');
    const before = renders();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/category/create',
      headers,
      payload: { name: 'Harbour Life' },
    });
    expect(created.statusCode).toBe(200);
    const list = await page('/world-news');
    const home = await page('/');
    for (const { body } of [list, home]) expect(body).toContain('href="/harbour-life"');
    expect(marked(list.body)).toEqual(['/world-news']);
    expect(marked(home.body)).toEqual(['/']);
    // Only the menu was rendered again, once for each page it marks.
    expect(renders() - before).toBe(0);
  });

  it('answers 404 at once for the page of a category just removed', async () => {
    expect((await page('/harbour-life')).status).toBe(200);
    const category = (await t.app.services.categories.list()).find(
      (c) => c.name === 'Harbour Life',
    );
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/category/delete/${category?._id}`,
      headers,
    });
    expect(removed.statusCode).toBe(200);
    expect((await page('/harbour-life')).status).toBe(404);
    expect((await page('/world-news')).body).not.toContain('href="/harbour-life"');
  });
});
