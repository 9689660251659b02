import type { NewsDto } from '@newsroom/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createNews,
  createTaxonomy,
  newsFields,
  type AuthHeaders,
  type NewsContext,
  type Taxonomy,
  within,
} from './factories.ts';
import { adminAuth } from './fixtures.ts';
import { call, createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let headers: AuthHeaders;
let world: Taxonomy;
let sports: Taxonomy;
/** A third category whose sub-category shares its name with World's. */
let local: Taxonomy;
const articles: NewsDto[] = [];

beforeAll(async () => {
  t = await createTestApp();
  headers = await adminAuth(t.app);
  world = await createTaxonomy(t.app, headers, {
    category: 'World',
    subcategory: 'Local',
    publisher: 'Daily Planet',
    anchor: 'Lois Lane',
  });
  sports = await createTaxonomy(t.app, headers, {
    category: 'Sports',
    subcategory: 'Cricket',
    publisher: 'Sports Desk',
    anchor: 'Jimmy Olsen',
  });
  local = await createTaxonomy(t.app, headers, { category: 'City', subcategory: 'Local' });
  const inWorld: NewsContext = { app: t.app, headers, taxonomy: world };
  const inSports: NewsContext = { app: t.app, headers, taxonomy: sports };
  const inCity: NewsContext = { app: t.app, headers, taxonomy: local };
  articles.push(
    await createNews(inWorld, {}),
    await createNews(inWorld, { anchorId: null }),
    await createNews(inWorld, { subCategoryId: null, status: false }),
    await createNews(inWorld, { publisherId: sports.publisherId }),
    await createNews(inSports, {}),
    await createNews(inSports, { subCategoryId: null, anchorId: world.anchorId }),
    await createNews(inCity, {}),
    await createNews(inCity, { status: false }),
  );
});
afterAll(() => t.close());

const admin = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  call(t.app, { method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
const article = (index: number): NewsDto => {
  const found = articles[index];
  if (!found) throw new Error(`no article ${index}`);
  return found;
};

interface Row {
  status: number;
  views: number;
  category: string | null;
  subcategory: string | null;
  publisher: string | null;
  anchor: string | null;
}

/** Every news row with its names, read straight from the table: the brute-force answer. */
async function allRows(): Promise<Row[]> {
  const rows = await t.app.db.kysely
    .selectFrom('news as n')
    .leftJoin('categories as c', 'c.id', 'n.category_id')
    .leftJoin('subcategories as s', 's.id', 'n.sub_category_id')
    .leftJoin('publishers as p', 'p.id', 'n.publisher_id')
    .leftJoin('anchors as a', 'a.id', 'n.anchor_id')
    .select([
      'n.status',
      'n.views',
      'c.name as category',
      's.name as subcategory',
      'p.name as publisher',
      'a.name as anchor',
    ])
    .execute();
  return rows.map((row) => ({ ...row, status: Number(row.status), views: Number(row.views) }));
}

type Filter = Partial<Record<'category' | 'subcategory' | 'publisher' | 'anchor', string>>;

/** Every combination of the four filters, names in another case, and a name that matches nothing. */
function everyFilter(): Filter[] {
  const options = {
    category: [undefined, 'WORLD', 'sports', 'city', 'Nowhere'],
    subcategory: [undefined, 'LOCAL', 'cricket'],
    publisher: [undefined, 'daily planet', 'SPORTS DESK'],
    anchor: [undefined, 'lois lane'],
  };
  const filters: Filter[] = [{}];
  for (const [key, values] of Object.entries(options)) {
    const grown: Filter[] = [];
    for (const filter of filters) {
      for (const value of values) grown.push(value ? { ...filter, [key]: value } : filter);
    }
    filters.splice(0, filters.length, ...grown);
  }
  return filters;
}

const matches = (row: Row, filter: Filter) =>
  row.status === 1 &&
  (Object.entries(filter) as [keyof Filter, string][]).every(
    ([key, name]) => row[key]?.toLowerCase() === name.toLowerCase(),
  );

/** /u/get's count for every filter, the admin table's count and the dashboard's totals. */
async function expectFiguresExact() {
  const rows = await allRows();
  const mismatches: string[] = [];
  for (const filter of everyFilter()) {
    const query = new URLSearchParams({ ...filter, page: '1', limit: '1' });
    // Signed in, so never answered from the public cache: the database's figures themselves.
    const res = await call(t.app, { method: 'GET', url: `/api/v1/u/get?${query}`, headers });
    const expected = rows.filter((row) => matches(row, filter)).length;
    if (res.body.count !== expected) {
      mismatches.push(`${query}: ${String(res.body.count)} instead of ${expected}`);
    }
  }
  expect(mismatches).toEqual([]);
  expect((await admin('GET', '/news/get?page=1&limit=6')).body.count).toBe(rows.length);
  expect((await admin('GET', '/dashboard/cards')).body.data).toMatchObject({
    totalNews: rows.length,
    totalViews: rows.reduce((sum, row) => sum + row.views, 0),
  });
}

describe('maintained news figures', () => {
  it('count every /u/get filter, the admin table and the dashboard exactly', async () => {
    await expectFiguresExact();
  });

  it('follow an article switched off and on again', async () => {
    const news = article(0);
    const off = newsFields(world, { slug: news.slug, status: false });
    expect((await admin('PUT', `/news/update/${news._id}`, off)).status).toBe(200);
    await expectFiguresExact();
    const on = newsFields(world, { slug: news.slug, status: true });
    expect((await admin('PUT', `/news/update/${news._id}`, on)).status).toBe(200);
    await expectFiguresExact();
  });

  it('follow an article moved to another category, publisher and anchor', async () => {
    const news = article(1);
    const moved = newsFields(sports, { slug: news.slug, anchorId: world.anchorId });
    expect((await admin('PUT', `/news/update/${news._id}`, moved)).status).toBe(200);
    await expectFiguresExact();
  });

  it('follow news carried along when their sub-category changes category', async () => {
    const payload = { name: 'Local', categoryId: sports.categoryId };
    const res = await admin('PUT', `/subCategory/update/${local.subCategoryId}`, payload);
    expect(res.status).toBe(200);
    await expectFiguresExact();
  });

  it('follow deleted articles', async () => {
    expect((await admin('DELETE', `/news/delete/${article(4)._id}`)).status).toBe(200);
    expect((await admin('DELETE', `/news/delete/${article(7)._id}`)).status).toBe(200);
    await expectFiguresExact();
  });

  it('add up views from reads and from one batched update of many rows', async () => {
    for (const index of [0, 0, 5]) {
      const res = await call(t.app, {
        method: 'GET',
        url: `/api/v1/u/news/${article(index).slug}`,
      });
      expect(res.status).toBe(200);
    }
    // The shape a view buffer writes: one statement adding views to several articles.
    const ids = [article(0)._id, article(3)._id, article(6)._id];
    await sql`update news set views = views + 7 where id in (${sql.join(ids)})`.execute(
      t.app.db.kysely,
    );
    // Views of reads are written within a second (the view buffer); the admin sees them then.
    const totalViews = async () => (await admin('GET', '/dashboard/cards')).body.data.totalViews;
    expect(await within(2000, async () => (await totalViews()) === 3 + 3 * 7)).toBe(true);
    await expectFiguresExact();
  });
});
