import fs from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createNews,
  createTaxonomy,
  newsFields,
  type AuthHeaders,
  type NewsContext,
  type Taxonomy,
} from './factories.ts';
import { ADMIN_PASSWORD, adminAuth, clientAddress, createAdmin } from './fixtures.ts';
import { call, createSiblingApp, createTestApp, type TestApp } from './helpers.ts';
import { fakeDist, renders } from './web-dist.ts';
import { pageRenders } from '../src/pages/pages.ts';

let t: TestApp;
let dist: string;
let headers: AuthHeaders;
let world: NewsContext;
let sports: NewsContext;

beforeAll(async () => {
  dist = await fakeDist();
  t = await createTestApp({ WEB_DIST: dist });
  headers = await adminAuth(t.app);
  const taxonomy = (category: string): Promise<Taxonomy> =>
    createTaxonomy(t.app, headers, { category });
  world = { app: t.app, headers, taxonomy: await taxonomy('World') };
  sports = { app: t.app, headers, taxonomy: await taxonomy('Sports') };
});
afterAll(async () => {
  await t.close();
  await fs.rm(dist, { recursive: true, force: true });
});

const page = (url: string, extra: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: extra });
const publicApi = (url: string) => call(t.app, { method: 'GET', url: `/api/v1/u${url}` });

/** The titles of a public API list. */
const titles = async (url: string): Promise<string[]> =>
  (await publicApi(url)).body.data.map((n: { title: string }) => n.title);

/**
 * The titles of a public API list a write made stale, once rebuilt: the first read after the write
 * may get the previous copy and asks for the rebuild (decision 133); within a second it is in.
 */
const titlesSoon = (url: string, check: (titles: string[]) => void) =>
  vi.waitFor(async () => check(await titles(url)), { timeout: 1_500 });

/** Changes an article's title around the services: no write names what shows it. */
const retitleInSql = (id: string) =>
  t.app.db.kysely
    .updateTable('news')
    .set({ title: 'Renamed in SQL' })
    .where('id', '=', id)
    .execute();

/** Renders a GET of `url` causes. */
async function rendersOf(url: string): Promise<number> {
  const before = renders();
  expect((await page(url)).statusCode).toBeLessThan(500);
  return renders() - before;
}

describe('what the cache counts', () => {
  /** The figures the server writes on SIGUSR2 (main.ts). */
  const counts = () => ({ ...t.app.publicCache.counts, renders: pageRenders.count });

  it('counts a render for the first reader of a page and a hit for the next', async () => {
    const before = counts();
    await page('/?counted=1');
    const first = counts();
    await page('/?counted=1');
    const second = counts();
    expect(first.renders - before.renders).toBe(1);
    expect(second.renders - first.renders).toBe(0);
    expect(second.builds - first.builds).toBe(0);
    expect(second.hits - first.hits).toBe(1);
  });
});

describe('pages from the cache', () => {
  it('serves a kept page with the same bytes and no render', async () => {
    const first = await page('/?from=kept');
    const before = renders();
    const second = await page('/?from=kept');
    expect(renders()).toBe(before);
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers['cache-control']).toBe('no-cache, private');
  });

  it('renders once for concurrent misses of one page', async () => {
    const before = renders();
    const answers = await Promise.all(Array.from({ length: 8 }, () => page('/?from=concurrent')));
    expect(renders() - before).toBe(1);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
  });

  it('answers 304 to a client that holds the page, in any encoding', async () => {
    const identity = await page('/?from=etag');
    expect(
      (await page('/?from=etag', { 'if-none-match': identity.headers.etag as string })).statusCode,
    ).toBe(304);
    const gzip = await page('/?from=etag', { 'accept-encoding': 'gzip, deflate, br' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(identity.body);
    const again = await page('/?from=etag', {
      'accept-encoding': 'gzip, deflate, br',
      'if-none-match': gzip.headers.etag as string,
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('never keeps a page for a signed-in admin, nor serves a kept page to one', async () => {
    expect((await page('/?from=admin')).body).toContain('<main>');
    const admin = await createAdmin(t.app);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: admin.email, password: ADMIN_PASSWORD },
      remoteAddress: clientAddress(),
    });
    const cookies = Object.fromEntries(login.cookies.map((c) => [c.name, c.value]));
    const signedIn = await t.app.inject({ method: 'GET', url: '/?from=admin', cookies });
    expect(signedIn.body).toContain('<div id="root"></div>');
    expect(signedIn.headers['cache-control']).toBe('no-store');
    expect((await page('/?from=admin')).body).toContain('<main>');
  });
});

describe('what a write drops', () => {
  /** Gives a World story a new title through the admin API. */
  const retitle = async (story: { _id: string; slug: string }, title: string) => {
    const res = await call(t.app, {
      method: 'PUT',
      url: `/api/v1/news/update/${story._id}`,
      payload: newsFields(world.taxonomy, { title, slug: story.slug }),
      headers,
    });
    expect(res.status).toBe(200);
  };

  it('an article update rebuilds its page and its category list, not another category', async () => {
    const story = await createNews(world, { title: 'Bridge opens' });
    await createNews(sports, { title: 'Cup final tonight' });
    for (const url of [`/news/${story.slug}`, '/section/World?kept=once', '/section/Sports']) {
      expect(await rendersOf(url)).toBe(1);
    }
    const before = renders();
    await retitle(story, 'Bridge opens early');
    // Read lately (by whoever built them), they were rebuilt by the write itself.
    expect(renders() - before).toBeGreaterThanOrEqual(2);
    expect(await rendersOf('/section/Sports')).toBe(0);
    expect(await rendersOf('/section/World?kept=once')).toBe(0);
    expect((await page(`/news/${story.slug}`)).body).toContain('<h1>Bridge opens early</h1>');
    expect((await page('/section/World?kept=once')).body).toContain('Bridge opens early');
  });

  it('an article update rebuilds before its answer the pages read since they were kept', async () => {
    const story = await createNews(world, { title: 'Ferry resumes' });
    const urls = [`/news/${story.slug}`, '/section/World?read=twice'];
    for (const url of urls) {
      await page(url);
      expect(await rendersOf(url)).toBe(0);
    }
    const before = renders();
    await retitle(story, 'Ferry resumes at six');
    // Rendered by the write (other pages of this file read lately may be too), so no reader waits.
    expect(renders() - before).toBeGreaterThanOrEqual(2);
    for (const url of urls) {
      expect(await rendersOf(url)).toBe(0);
      expect((await page(url)).body).toContain('Ferry resumes at six');
    }
  });

  it('a new article replaces a kept 404 at its address and shows on the home page at once', async () => {
    expect((await page('/news/fresh-story')).statusCode).toBe(404);
    expect((await page('/news/fresh-story')).statusCode).toBe(404);
    await page('/');
    await createNews(world, { title: 'Fresh story', slug: 'fresh-story' });
    const article = await page('/news/fresh-story');
    expect(article.statusCode).toBe(200);
    expect(article.body).toContain('<h1>Fresh story</h1>');
    expect((await page('/')).body).toContain('<li>Fresh story</li>');
  });

  it('a deleted article is gone at once from its page and API answer, and from the lists within a second', async () => {
    const story = await createNews(world, { title: 'Soon gone story' });
    expect((await page(`/news/${story.slug}`)).statusCode).toBe(200);
    expect((await publicApi(`/news/${story.slug}`)).status).toBe(200);
    expect(
      (await publicApi('/get?category=World&limit=100')).body.data.map(
        (n: { title: string }) => n.title,
      ),
    ).toContain('Soon gone story');
    const res = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/news/delete/${story._id}`,
      headers,
    });
    expect(res.status).toBe(200);
    // The page says the article was removed (decision 084); the API does not know it any more.
    expect((await page(`/news/${story.slug}`)).statusCode).toBe(410);
    expect((await publicApi(`/news/${story.slug}`)).status).toBe(404);
    await titlesSoon('/get?category=World&limit=100', (list) =>
      expect(list).not.toContain('Soon gone story'),
    );
  });

  it('the public API keeps answers a write did not name, and drops those it did', async () => {
    const cup = await createNews(sports, { title: 'Semi final' });
    await titles('/get?category=Sports&limit=100');
    await titles('/get?category=World&limit=100');
    // Changed around the services: no write names it, so the kept answer stays as it was.
    await retitleInSql(cup._id);
    expect(await titles('/get?category=Sports&limit=100')).toContain('Semi final');
    await createNews(world, { title: 'World write' });
    expect(await titles('/get?category=Sports&limit=100')).toContain('Semi final');
    await titlesSoon('/get?category=World&limit=100', (list) =>
      expect(list).toContain('World write'),
    );
    await createNews(sports, { title: 'Sports write' });
    await titlesSoon('/get?category=Sports&limit=100', (list) =>
      expect(list).toEqual(expect.arrayContaining(['Sports write', 'Renamed in SQL'])),
    );
  });

  it("a write to one category's sub-category leaves another category's of the same name kept", async () => {
    const inCategory = async (category: string): Promise<NewsContext> => ({
      app: t.app,
      headers,
      taxonomy: await createTaxonomy(t.app, headers, { category, subcategory: 'Analysis' }),
    });
    const [markets, science] = [await inCategory('Markets'), await inCategory('Science')];
    await createNews(markets, { title: 'Rates hold' });
    const lab = await createNews(science, { title: 'Comet seen' });
    for (const url of ['/markets/analysis', '/science/analysis'])
      expect(await rendersOf(url)).toBe(1);
    await titles('/get?category=Science&subcategory=Analysis');
    await titles('/get?subcategory=Analysis');
    // Changed around the services: only a kept copy still shows the old title.
    await retitleInSql(lab._id);
    await createNews(markets, { title: 'Rates rise' });
    expect(await rendersOf('/science/analysis')).toBe(0);
    expect((await page('/science/analysis')).body).toContain('Comet seen');
    expect(await titles('/get?category=Science&subcategory=Analysis')).toEqual(['Comet seen']);
    expect((await page('/markets/analysis')).body).toContain('Rates rise');
    await titlesSoon('/get?category=Markets&subcategory=Analysis', (list) =>
      expect(list).toContain('Rates rise'),
    );
    // Filtered by the sub-category's name alone, the list holds both: the write names it.
    await titlesSoon('/get?subcategory=Analysis', (list) =>
      expect(list).toEqual(expect.arrayContaining(['Rates rise', 'Renamed in SQL'])),
    );
  });

  it('a category rename drops every page', async () => {
    await page('/section/Sports');
    const res = await call(t.app, {
      method: 'PUT',
      url: `/api/v1/category/update/${sports.taxonomy.categoryId}`,
      payload: { name: 'Sport' },
      headers,
    });
    expect(res.status).toBe(200);
    expect((await page('/section/Sports')).body).toContain('Categories: World, Sport');
  });
});

describe('public API answers from the cache', () => {
  it('keeps answers with an ETag, and admin answers never', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/v1/u/category-list' });
    expect(first.headers.etag).toBeDefined();
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/v1/u/category-list',
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    const admin = await t.app.inject({ method: 'GET', url: '/api/v1/category/get', headers });
    expect(admin.statusCode).toBe(200);
    expect(admin.headers.etag).toBeUndefined();
  });

  it('never keeps an error', async () => {
    const bad = await publicApi('/get?limit=1000');
    expect(bad.status).toBe(400);
    expect(bad.headers.etag).toBeUndefined();
    expect((await publicApi('/get?limit=1000')).status).toBe(400);
  });
});

describe('PAGE_CACHE_MB=0', () => {
  it('renders every page and keeps no answer', async () => {
    const off = await createSiblingApp(t, { WEB_DIST: dist, PAGE_CACHE_MB: '0' });
    try {
      const before = renders();
      await off.app.inject({ method: 'GET', url: '/' });
      await off.app.inject({ method: 'GET', url: '/' });
      expect(renders() - before).toBe(2);
      const api = await off.app.inject({ method: 'GET', url: '/api/v1/u/category-list' });
      expect(api.headers.etag).toBeUndefined();
    } finally {
      await off.close();
    }
  });

  it('compresses each page in gzip when its request accepts it, and answers 304', async () => {
    const off = await createSiblingApp(t, { WEB_DIST: dist, PAGE_CACHE_MB: '0' });
    try {
      // A section page long enough to be worth compressing.
      for (let i = 0; i < 12; i++) {
        await createNews(world, { title: `A long headline for the compressed page, number ${i}` });
      }
      const url = '/section/World';
      const plain = await off.app.inject({ method: 'GET', url });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.rawPayload.length).toBeGreaterThan(1200);
      const gz = await off.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gz.headers.vary).toContain('Accept-Encoding');
      expect(gunzipSync(gz.rawPayload).equals(plain.rawPayload)).toBe(true);
      const again = await off.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'gzip', 'if-none-match': String(gz.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
      expect(again.headers.etag).toBe(gz.headers.etag);
    } finally {
      await off.close();
    }
  });
});
