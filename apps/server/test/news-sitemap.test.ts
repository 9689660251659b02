import fs from 'node:fs/promises';
import path from 'node:path';
import type { NewsDto } from '@newsroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { HOUR_MS, MovableClock } from './movable-clock.ts';
import {
  createNews,
  newsFields,
  newsContext,
  insertNewsRows,
  type NewsContext,
} from './factories.ts';
import { parseXml } from './feed-readers.ts';
import { call, createTestApp, type TestApp } from './helpers.ts';

const BASE = 'http://news.test';
const URL = '/news-sitemap.xml';
const clock = new MovableClock();
let t: TestApp;
let ctx: NewsContext;
let aged: NewsDto;
let hidden: NewsDto;
let recent: NewsDto;
let fresh: NewsDto;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  ctx = await newsContext(t.app);
  aged = await createNews(ctx, { title: 'The story that will age out' });
  hidden = await createNews(ctx, { title: 'A story nobody may read', status: false });
  recent = await createNews(ctx, { title: 'Markets & <prices> rise "again"' });
});
afterAll(() => t.close());

const get = (url = URL) => t.app.inject({ method: 'GET', url });
const kept = () => t.app.publicCache.peekResponse(URL) !== undefined;

interface NewsEntry {
  loc: string;
  'news:news': {
    'news:publication': { 'news:name': string; 'news:language': string };
    'news:publication_date': string;
    'news:title': string;
  };
}

/** The <url> entries as a generic XML parser reads them. */
async function entries(): Promise<NewsEntry[]> {
  const urlset = parseXml((await get()).body).urlset as { url?: NewsEntry | NewsEntry[] };
  return [urlset.url ?? []].flat();
}
const locs = async () => (await entries()).map((entry) => entry.loc);
const permalink = (news: NewsDto) => `${BASE}/news/${news.slug}`;

/** The document checked by libxml2 against the sitemaps.org and Google News schemas together. */
async function schemaErrors(xml: string): Promise<string[]> {
  const read = (folder: string, name: string) =>
    fs.readFile(path.join(__dirname, folder, name), 'utf8').then((contents) => ({
      fileName: name,
      contents,
    }));
  const result = await validateXML({
    xml: { fileName: 'news-sitemap.xml', contents: xml },
    schema: await read('google-news', 'news-sitemap.xsd'),
    preload: [
      await read('sitemaps-org', 'sitemap.xsd'),
      await read('google-news', 'sitemap-news.xsd'),
    ],
  });
  return result.errors.map((error) => error.rawMessage);
}

describe('GET /news-sitemap.xml', () => {
  it('is a cacheable news sitemap valid against the sitemaps.org and Google News schemas', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(await schemaErrors(res.body)).toEqual([]);
  });

  it('rejects, by the same schemas, an entry without its publication', async () => {
    const broken = (await get()).body.replace(/<news:publication>[\s\S]*?<\/news:publication>/, '');
    expect(await schemaErrors(broken)).not.toEqual([]);
  });

  it('lists the public articles of the last 48 hours, newest first', async () => {
    expect(await locs()).toEqual([permalink(recent), permalink(aged)]);
  });

  it('gives each the publication, its language, the publication date and the title', async () => {
    const [entry] = await entries();
    expect(entry?.['news:news']).toEqual({
      'news:publication': { 'news:name': 'Newsroom', 'news:language': 'en' },
      'news:publication_date': recent.createdAt,
      'news:title': 'Markets & <prices> rise "again"',
    });
  });

  it('lets an article drop out when it turns 48 hours old, without any write', async () => {
    clock.advance(47 * HOUR_MS);
    fresh = await createNews(ctx, { title: 'A story written two days later' });
    expect(await locs()).toEqual([permalink(fresh), permalink(recent), permalink(aged)]);
    expect(kept()).toBe(true);
    clock.advance(2 * HOUR_MS);
    expect(kept()).toBe(false);
    expect(await locs()).toEqual([permalink(fresh)]);
    expect(await schemaErrors((await get()).body)).toEqual([]);
  });

  it('is kept through a write to an older article, and dropped by a write to one it lists', async () => {
    const update = (news: NewsDto, title: string) =>
      call(t.app, {
        method: 'PUT',
        url: `/api/v1/news/update/${news._id}`,
        payload: newsFields(ctx.taxonomy, { title, slug: news.slug }),
        headers: ctx.headers,
      });
    await get();
    const before = t.app.publicCache.peekResponse(URL);
    expect(before).toBeDefined();
    expect((await update(aged, 'The story that has aged out')).status).toBe(200);
    expect(t.app.publicCache.peekResponse(URL)).toBe(before);
    expect((await update(fresh, 'A story written two days later, now corrected')).status).toBe(200);
    // Replaced: dropped, or rebuilt by the write when read lately (decision 133).
    expect(t.app.publicCache.peekResponse(URL)).not.toBe(before);
    expect((await entries())[0]?.['news:news']['news:title']).toBe(
      'A story written two days later, now corrected',
    );
  });

  it('never lists an inactive article', async () => {
    expect((await get()).body).not.toContain(hidden.slug);
  });

  it('lists at most 1,000 articles, the newest', async () => {
    const template = await t.app.db.kysely
      .selectFrom('news')
      .selectAll()
      .where('id', '=', fresh._id)
      .executeTakeFirstOrThrow();
    const base = Date.parse(fresh.createdAt);
    const copies = Array.from({ length: 1000 }, (_, index) => {
      const stamp = new Date(base + (index + 1) * 1000).toISOString();
      const id = `copy-${String(index).padStart(4, '0')}`;
      return { ...template, id, slug: `copy-story-${index}`, created_at: stamp, updated_at: stamp };
    });
    await insertNewsRows(t.app, copies);
    const listed = await locs();
    expect(listed).toHaveLength(1000);
    expect(listed[0]).toBe(`${BASE}/news/copy-story-999`);
    expect(listed).not.toContain(permalink(fresh));
  });
});
