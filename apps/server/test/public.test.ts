import type { NewsDto } from '@newsroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createNews,
  createTaxonomy,
  type AuthHeaders,
  type NewsContext,
  type Taxonomy,
} from './factories.ts';
import { adminAuth } from './fixtures.ts';
import { call, createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let headers: AuthHeaders;
let world: Taxonomy;
let sports: Taxonomy;
/** Active World News articles, oldest first. */
const worldNews: NewsDto[] = [];
const sportsNews: NewsDto[] = [];
let hidden: NewsDto;

beforeAll(async () => {
  t = await createTestApp();
  headers = await adminAuth(t.app);
  world = await createTaxonomy(t.app, headers, {
    category: 'World News',
    subcategory: 'Asia',
    publisher: 'Daily Planet',
    anchor: 'Lois Lane',
  });
  sports = await createTaxonomy(t.app, headers, {
    category: 'Sports',
    subcategory: 'Cricket',
    publisher: 'Sports Desk',
    anchor: 'Jimmy Olsen',
  });
  const inWorld: NewsContext = { app: t.app, headers, taxonomy: world };
  const inSports: NewsContext = { app: t.app, headers, taxonomy: sports };
  for (let i = 1; i <= 7; i++) {
    worldNews.push(await createNews(inWorld, { title: `World story number ${i}` }));
  }
  hidden = await createNews(inWorld, { title: 'An inactive world story', status: false });
  sportsNews.push(await createNews(inSports, { title: 'Sports story number 1' }));
  sportsNews.push(
    await createNews(inSports, {
      title: 'Sports story number 2',
      subCategoryId: null,
      anchorId: null,
    }),
  );
});
afterAll(() => t.close());

/** Public calls carry no token. */
const open = (url: string) => call(t.app, { method: 'GET', url: `/api/v1/u${url}` });
/** The views of an article as the back office reads them. */
async function storedViews(id: string): Promise<unknown> {
  const res = await call(t.app, { method: 'GET', url: `/api/v1/news/get/${id}`, headers });
  return res.body.data.views;
}
const titles = (list: NewsDto[]) => list.map((n) => n.title);
const newestFirst = (list: NewsDto[]) => titles([...list].reverse());

describe('GET /u/category-list', () => {
  it('lists categories with their sub-categories, cached briefly', async () => {
    const res = await open('/category-list');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      expect.objectContaining({
        name: 'World News',
        subcategory: [{ _id: world.subCategoryId, name: 'Asia' }],
      }),
      expect.objectContaining({
        name: 'Sports',
        subcategory: [{ _id: sports.subCategoryId, name: 'Cricket' }],
      }),
    ]);
    expect(res.headers['cache-control']).toBe('public, max-age=10');
  });
});

describe('GET /u/get', () => {
  it('pages active news newest first, 6 by default, with the count', async () => {
    const res = await open('/get');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ statusCode: 200, count: 9 });
    const all = [...worldNews, ...sportsNews];
    expect(titles(res.body.data)).toEqual(newestFirst(all).slice(0, 6));
    const page2 = await open('/get?page=2&limit=6');
    expect(titles(page2.body.data)).toEqual(newestFirst(all).slice(6));
    expect(res.headers['cache-control']).toBe('public, max-age=20');
  });

  it('never shows an inactive article', async () => {
    const res = await open('/get?limit=100');
    expect(res.body.data.map((n: NewsDto) => n._id)).not.toContain(hidden._id);
  });

  it.each([
    ['category', 'world news', 7],
    ['category', 'SPORTS', 2],
    ['subcategory', 'asia', 7],
    ['subcategory', 'Cricket', 1],
    ['publisher', 'daily PLANET', 7],
    ['anchor', 'jimmy olsen', 1],
  ])('filters by %s name "%s", ignoring case', async (filter, name, count) => {
    const res = await open(`/get?${filter}=${encodeURIComponent(name)}&limit=100`);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(count);
    expect(res.body.data).toHaveLength(count);
  });

  it('combines filters', async () => {
    const res = await open('/get?category=Sports&subcategory=Cricket&publisher=Sports%20Desk');
    expect(titles(res.body.data)).toEqual(['Sports story number 1']);
  });

  it.each(['', 'null'])('treats %j as no filter', async (value) => {
    const res = await open(
      `/get?category=${value}&subcategory=${value}&publisher=${value}&anchor=${value}`,
    );
    expect(res.body.count).toBe(9);
  });

  it('answers an empty page for an unknown name', async () => {
    const res = await open('/get?category=Nowhere');
    expect(res.body).toMatchObject({ statusCode: 200, data: [], count: 0 });
  });

  it('rejects a bad limit without caching the error', async () => {
    const res = await open('/get?limit=1000');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('limit must be at most 100');
    expect(res.headers['cache-control']).toBeUndefined();
  });
});

describe('GET /u/news/:slug', () => {
  it('answers a list holding the article and counts exactly one view per call', async () => {
    const news = worldNews[0] as NewsDto;
    const viewsBefore = (await storedViews(news._id)) as number;
    const first = await open(`/news/${news.slug}`);
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(1);
    expect(first.body.data[0]).toMatchObject({
      _id: news._id,
      views: viewsBefore + 1,
      publisher: { name: 'Daily Planet' },
      category: { name: 'World News' },
    });
    expect(first.headers['cache-control']).toBe('no-store');
    const second = await open(`/news/${news.slug}`);
    expect(second.body.data[0].views).toBe(viewsBefore + 2);
    expect(await storedViews(news._id)).toBe(viewsBefore + 2);
  });

  it('finds the article whatever the case of the slug', async () => {
    const news = worldNews[1] as NewsDto;
    const res = await open(`/news/${news.slug.toUpperCase()}`);
    expect(res.body.data[0]._id).toBe(news._id);
  });

  it('answers 404 with a clear message for an unknown slug', async () => {
    const res = await open('/news/no-such-story');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({
      statusCode: 404,
      data: null,
      message: 'No published news article has the address "no-such-story"',
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 404 for an inactive article and counts no view', async () => {
    const res = await open(`/news/${hidden.slug}`);
    expect(res.status).toBe(404);
    expect(await storedViews(hidden._id)).toBe(0);
  });
});

describe('GET /u/related-news', () => {
  it('lists up to 5 active articles of the category, newest first, without the current one', async () => {
    const current = worldNews[6] as NewsDto;
    const res = await open(`/related-news?category=world%20news&exclude=${current.slug}`);
    expect(res.status).toBe(200);
    expect(titles(res.body.data)).toEqual(newestFirst(worldNews.slice(0, 6)).slice(0, 5));
    expect(res.headers['cache-control']).toBe('public, max-age=2');
  });

  it('stays within the category', async () => {
    const res = await open('/related-news?category=Sports');
    expect(titles(res.body.data)).toEqual(newestFirst(sportsNews));
  });
});

describe('GET /u/latest', () => {
  it("lists the 4 newest active articles for 'Read this also', without the current one", async () => {
    const current = sportsNews[1] as NewsDto;
    const res = await open(`/latest?exclude=${current.slug}`);
    expect(res.status).toBe(200);
    expect(titles(res.body.data)).toEqual(
      newestFirst([...worldNews, ...sportsNews])
        .filter((title) => title !== current.title)
        .slice(0, 4),
    );
  });

  it('takes a limit', async () => {
    const res = await open('/latest?limit=2');
    expect(res.body.data).toHaveLength(2);
  });
});
