import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { NewsDto } from '@newsroom/contract';
import {
  createNews,
  createTaxonomy,
  resetContent,
  viewsInDatabase,
  within,
  type AuthHeaders,
  type NewsContext,
} from './factories.ts';
import { adminAuth } from './fixtures.ts';
import { call, createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let headers: AuthHeaders;
let ctx: NewsContext;

beforeAll(async () => {
  t = await createTestApp();
  headers = await adminAuth(t.app);
});
afterAll(() => t.close());
beforeEach(async () => {
  await resetContent(t.app, t.dataDir);
  ctx = { app: t.app, headers, taxonomy: await createTaxonomy(t.app, headers) };
});

const admin = (method: 'GET' | 'DELETE', url: string) =>
  call(t.app, { method, url: `/api/v1${url}`, headers });

/** Reads an article `times` times on the public site, until the views are written (≤ 2 s). */
async function read(news: { _id: string; slug: string }, times: number) {
  const before = await viewsInDatabase(t.app, news._id);
  for (let i = 0; i < times; i++) {
    const url = `/api/v1/u/news/${news.slug}`;
    expect((await call(t.app, { method: 'GET', url })).status).toBe(200);
  }
  const written = async () => (await viewsInDatabase(t.app, news._id)) === before + times;
  expect(await within(2000, written)).toBe(true);
}

describe('GET /dashboard/cards', () => {
  it('counts news, publishers, anchors and views', async () => {
    await createTaxonomy(t.app, headers);
    const a = await createNews(ctx);
    const b = await createNews(ctx, { status: false });
    await createNews(ctx);
    await read(a, 3);
    await t.app.db.kysely.updateTable('news').set({ views: 4 }).where('id', '=', b._id).execute();

    const res = await admin('GET', '/dashboard/cards');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      statusCode: 200,
      message: 'Dashboard totals',
      data: { totalNews: 3, totalPublishers: 2, totalAnchors: 2, totalViews: 7 },
    });
  });

  it('counts no news and no views when there are no articles', async () => {
    const res = await admin('GET', '/dashboard/cards');
    expect(res.body.data).toEqual({
      totalNews: 0,
      totalPublishers: 1,
      totalAnchors: 1,
      totalViews: 0,
    });
  });
});

describe('GET /dashboard/popular-news', () => {
  it('lists the 10 most viewed with title, category, publisher, views and updatedAt', async () => {
    const created = [];
    for (let i = 1; i <= 12; i++) {
      created.push(await createNews(ctx, { title: `Popular story number ${i}` }));
    }
    // Story i has i views, written directly: the counting itself is covered by the public tests.
    for (const [index, news] of created.entries()) {
      await t.app.db.kysely
        .updateTable('news')
        .set({ views: index + 1 })
        .where('id', '=', news._id)
        .execute();
    }
    await read(created[0] as NewsDto, 20);

    const res = await admin('GET', '/dashboard/popular-news');
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(10);
    expect(res.body.data.map((n: { title: string }) => n.title)).toEqual([
      'Popular story number 1',
      ...[12, 11, 10, 9, 8, 7, 6, 5, 4].map((i) => `Popular story number ${i}`),
    ]);
    expect(res.body.data[0]).toEqual({
      _id: created[0]?._id,
      title: 'Popular story number 1',
      slug: created[0]?.slug,
      category: { name: ctx.taxonomy.names.category },
      publisher: { name: ctx.taxonomy.names.publisher },
      views: 21,
      updatedAt: created[0]?.updatedAt,
    });
  });
});

describe('deleting what news still use', () => {
  it.each([
    ['category', 'categoryId', /^Category ".+" still has/],
    ['subCategory', 'subCategoryId', /^Sub-category ".+" still has 1 news article\(s\)/],
    ['publisher', 'publisherId', /^Publisher ".+" is used by 1 news article\(s\)/],
    ['anchor', 'anchorId', /^Anchor ".+" is used by 1 news article\(s\)/],
  ] as const)('refuses to delete a %s used by news with 409', async (path, key, message) => {
    await createNews(ctx);
    const res = await admin('DELETE', `/${path}/delete/${ctx.taxonomy[key]}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(message);
  });

  it('refuses a category whose only link is its news, once its sub-categories are gone', async () => {
    await createNews(ctx, { subCategoryId: null });
    expect(
      (await admin('DELETE', `/subCategory/delete/${ctx.taxonomy.subCategoryId}`)).status,
    ).toBe(200);
    const res = await admin('DELETE', `/category/delete/${ctx.taxonomy.categoryId}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      `Category "${ctx.taxonomy.names.category}" still has 1 news article(s); move or delete them first`,
    );
  });

  it('allows the delete once the news are gone', async () => {
    const news = await createNews(ctx, { anchorId: ctx.taxonomy.anchorId });
    expect((await admin('DELETE', `/news/delete/${news._id}`)).status).toBe(200);
    expect((await admin('DELETE', `/anchor/delete/${ctx.taxonomy.anchorId}`)).status).toBe(200);
  });
});
