import fs from 'node:fs/promises';
import path from 'node:path';
import type { NewsDto } from '@newsroom/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { createNews, createTaxonomy, type AuthHeaders, type NewsContext } from './factories.ts';
import { adminAuth } from './fixtures.ts';
import { call, createTestApp, type TestApp } from './helpers.ts';

/** Small files, so a month splits without thousands of articles. */
const PER_FILE = 3;
const BASE = 'http://news.test';

let t: TestApp;
let headers: AuthHeaders;
let ctx: NewsContext;
const november: NewsDto[] = [];
const february: NewsDto[] = [];
let hidden: NewsDto;
let current: NewsDto;

/** Files the article to a past month, as if it had been written then. */
async function writtenOn(news: NewsDto, stamp: string) {
  await sql`update news set created_at = ${stamp}, updated_at = ${stamp} where id = ${news._id}`.execute(
    t.app.db.kysely,
  );
}

beforeAll(async () => {
  t = await createTestApp({ SITEMAP_URLS_PER_FILE: String(PER_FILE) });
  headers = await adminAuth(t.app);
  const taxonomy = await createTaxonomy(t.app, headers, {
    category: 'World News',
    subcategory: 'South Asia',
  });
  ctx = { app: t.app, headers, taxonomy };
  for (let day = 1; day <= 5; day++) {
    const news = await createNews(ctx, {});
    await writtenOn(news, `2023-11-0${day}T08:00:00.000Z`);
    november.push(news);
  }
  for (const day of [10, 20]) {
    const news = await createNews(ctx, {});
    await writtenOn(news, `2024-02-${day}T08:00:00.000Z`);
    february.push(news);
  }
  hidden = await createNews(ctx, { status: false });
  await writtenOn(hidden, '2024-02-15T08:00:00.000Z');
  current = await createNews(ctx, {});
});
afterAll(() => t.close());

const get = (url: string) => call(t.app, { method: 'GET', url });
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1] ?? '');

/** The document checked against the sitemaps.org schema by libxml2; its errors, if any. */
async function schemaErrors(xml: string, schema: 'sitemap' | 'siteindex'): Promise<string[]> {
  const contents = await fs.readFile(path.join(__dirname, 'sitemaps-org', `${schema}.xsd`), 'utf8');
  const result = await validateXML({
    xml: { fileName: 'document.xml', contents: xml },
    schema: { fileName: `${schema}.xsd`, contents },
  });
  return result.errors.map((error) => error.rawMessage);
}

/** Every URL of every file the index names, file by file. */
async function allFiles(): Promise<Map<string, string[]>> {
  const index = (await get('/sitemap.xml')).body as string;
  const files = new Map<string, string[]>();
  for (const loc of locs(index)) {
    const res = await get(loc.replace(BASE, ''));
    expect(res.status).toBe(200);
    expect(await schemaErrors(res.body as string, 'sitemap')).toEqual([]);
    files.set(loc.replace(`${BASE}/sitemaps/`, ''), locs(res.body as string));
  }
  return files;
}

const month = (stamp: string) => stamp.slice(0, 7);

describe('GET /sitemap.xml', () => {
  it('is a cacheable sitemap index valid against the sitemaps.org schema', async () => {
    const res = await get('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(await schemaErrors(res.body as string, 'siteindex')).toEqual([]);
  });

  it('names the pages file and one file per month of active articles, split past the limit', async () => {
    const index = (await get('/sitemap.xml')).body as string;
    expect(locs(index)).toEqual([
      `${BASE}/sitemaps/pages.xml`,
      // The articles have authors (their creator): their pages are listed (decision 103).
      `${BASE}/sitemaps/authors.xml`,
      `${BASE}/sitemaps/news-2023-11.xml`,
      `${BASE}/sitemaps/news-2023-11-2.xml`,
      `${BASE}/sitemaps/news-2024-02.xml`,
      `${BASE}/sitemaps/news-${month(current.createdAt)}.xml`,
    ]);
  });

  it('dates each month file by the last change of its articles', async () => {
    const index = (await get('/sitemap.xml')).body as string;
    expect(index).toContain(
      `<sitemap><loc>${BASE}/sitemaps/news-2024-02.xml</loc><lastmod>2024-02-20T08:00:00.000Z</lastmod></sitemap>`,
    );
  });
});

describe('the sitemap files', () => {
  it('hold every active article exactly once, never an inactive one, at most the limit a month file', async () => {
    const files = await allFiles();
    const articles = [...files.values()].flat().filter((loc) => loc.includes('/news/'));
    const expected = [...november, ...february, current].map((n) => `${BASE}/news/${n.slug}`);
    expect(articles.sort()).toEqual(expected.sort());
    expect(articles).not.toContain(`${BASE}/news/${hidden.slug}`);
    for (const [name, urls] of files) {
      if (name.startsWith('news-')) expect(urls.length).toBeLessThanOrEqual(PER_FILE);
    }
  });

  it('split a month oldest first, each article with its last change', async () => {
    const second = (await get('/sitemaps/news-2023-11-2.xml')).body as string;
    const [fourth, fifth] = november.slice(3);
    expect(locs(second)).toEqual([`${BASE}/news/${fourth?.slug}`, `${BASE}/news/${fifth?.slug}`]);
    expect(second).toContain(`<lastmod>2023-11-05T08:00:00.000Z</lastmod>`);
  });

  it('list the home, static, category and sub-category pages in pages.xml', async () => {
    expect(locs((await get('/sitemaps/pages.xml')).body as string)).toEqual([
      `${BASE}/`,
      `${BASE}/about-us`,
      `${BASE}/contact-us`,
      // Every correction and update note (decision 112).
      `${BASE}/corrections`,
      `${BASE}/world-news`,
      `${BASE}/world-news/south-asia`,
    ]);
  });

  it('answer 404 for a part, month or name that holds nothing', async () => {
    for (const file of ['news-2023-11-3.xml', 'news-1999-01.xml', 'news-2023-11-1.xml', 'x.xml']) {
      expect((await get(`/sitemaps/${file}`)).status).toBe(404);
    }
  });

  it('follow writes: deleted articles leave their file, and the month needs fewer parts', async () => {
    const [first, second] = november;
    for (const news of [first, second]) {
      const res = await call(t.app, {
        method: 'DELETE',
        url: `/api/v1/news/delete/${news?._id}`,
        headers,
      });
      expect(res.status).toBe(200);
    }
    const files = await allFiles();
    expect([...files.keys()]).not.toContain('news-2023-11-2.xml');
    expect(files.get('news-2023-11.xml')).toEqual(
      november.slice(2).map((news) => `${BASE}/news/${news.slug}`),
    );
  });
});
