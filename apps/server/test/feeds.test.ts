import fs from 'node:fs/promises';
import path from 'node:path';
import type { NewsDto } from '@newsroom/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createNews, createTaxonomy, images, newsFields, type NewsContext } from './factories.ts';
import { parseXml, readFeed } from './feed-readers.ts';
import { adminAuth } from './fixtures.ts';
import { call, createTestApp, type TestApp } from './helpers.ts';

const BASE = 'http://news.test';
let t: TestApp;
let world: NewsContext;
let sports: NewsContext;
let first: NewsDto;
let pictured: NewsDto;
let hidden: NewsDto;
let tricky: NewsDto;
let europe: NewsDto;
let match: NewsDto;

beforeAll(async () => {
  t = await createTestApp();
  const headers = await adminAuth(t.app);
  const taxonomy = await createTaxonomy(t.app, headers, {
    category: 'World News',
    subcategory: 'South Asia',
  });
  world = { app: t.app, headers, taxonomy };
  const europeSub = await call(t.app, {
    method: 'POST',
    url: '/api/v1/subCategory/create',
    payload: { name: 'Europe', categoryId: taxonomy.categoryId },
    headers,
  });
  sports = {
    app: t.app,
    headers,
    taxonomy: await createTaxonomy(t.app, headers, { category: 'Sports' }),
  };
  first = await createNews(world, { title: 'First story of the day', slug: 'first-story' });
  pictured = await createNews(world, {
    title: 'Second story with a picture',
    slug: 'second-story',
    image: await images.jpeg(),
  });
  hidden = await createNews(world, {
    title: 'A hidden story',
    slug: 'hidden-story',
    status: false,
  });
  tricky = await createNews(world, {
    title: 'Salt & pepper <b>tips</b> ]]> and ]]> again',
    slug: 'salt-and-pepper',
  });
  europe = await createNews(world, {
    title: 'A story from Europe',
    slug: 'europe-story',
    subCategoryId: europeSub.body.data._id,
  });
  match = await createNews(sports, {
    title: 'The match of the season',
    slug: 'match-story',
    image: await images.png(),
  });
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
const feedOf = async (url: string) => readFeed((await get(url)).body);
const links = async (url: string) => (await feedOf(url)).items.map((item) => item.link);
const permalink = (news: NewsDto) => `${BASE}/news/${news.slug}`;

describe('GET /rss.xml as a feed reader sees it', () => {
  it('is a cacheable RSS 2.0 channel of the site, with its own address and the logo', async () => {
    const res = await get('/rss.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const feed = await readFeed(res.body);
    expect(feed.title).toBe('Newsroom');
    expect(feed.description).toBe('The latest news from Newsroom');
    expect(feed.link).toBe(`${BASE}/`);
    expect(feed.language).toBe('en');
    const rss = parseXml(res.body).rss as Record<string, Record<string, unknown>>;
    expect(rss['@_version']).toBe('2.0');
    expect(rss.channel?.['atom:link']).toMatchObject({
      '@_href': `${BASE}/rss.xml`,
      '@_rel': 'self',
    });
    expect(rss.channel?.image).toMatchObject({ url: `${BASE}/logo.png` });
  });

  it('lists the public articles of every section newest first, each linked and identified by its absolute address', async () => {
    const feed = await feedOf('/rss.xml');
    expect(feed.items.map((item) => item.link)).toEqual(
      [match, europe, tricky, pictured, first].map(permalink),
    );
    expect(feed.items.map((item) => item.guid)).toEqual(feed.items.map((item) => item.link));
  });

  it('dates each item when it was published and sums it up in 50 words of plain text', async () => {
    const item = (await feedOf('/rss.xml')).items.at(-1);
    expect(new Date(item?.pubDate ?? '').getTime()).toBe(
      Math.floor(Date.parse(first.createdAt) / 1000) * 1000,
    );
    expect(item?.contentSnippet).toMatch(/^A calm and careful report/);
    expect(item?.content).not.toContain('<p>');
    expect(item?.contentSnippet?.split(' ')).toHaveLength(50);
    expect(item?.categories).toEqual(['World News']);
  });

  it('encloses each picture with its type and its real byte length, as stored', async () => {
    const items = (await feedOf('/rss.xml')).items;
    const byLink = (news: NewsDto) => items.find((item) => item.link === permalink(news));
    for (const [news, type] of [
      [pictured, 'image/jpeg'],
      [match, 'image/png'],
    ] as const) {
      const url = news.Image?.ImageURL ?? '';
      const stored = await fs.stat(path.join(t.dataDir, url.replace(`${BASE}/`, '')));
      expect(byLink(news)?.enclosure).toEqual({ url, type, length: String(stored.size) });
    }
    expect(byLink(first)?.enclosure).toBeUndefined();
  });

  it('keeps titles with markup and CDATA ends readable, in a well-formed document', async () => {
    const res = await get('/rss.xml');
    expect(() => parseXml(res.body)).not.toThrow();
    const item = (await readFeed(res.body)).items.find((i) => i.link === permalink(tricky));
    expect(item?.title).toBe('Salt & pepper <b>tips</b> ]] > and ]] > again');
  });

  it('leaves out inactive articles', async () => {
    const res = await get('/rss.xml');
    expect(res.body).not.toContain(hidden.slug);
    expect(res.body).not.toContain(hidden.title);
  });
});

describe('category and sub-category feeds', () => {
  it('hold only the articles of their category, titled and linked to its page', async () => {
    const feed = await feedOf('/world-news/rss.xml');
    expect(feed.title).toBe('Newsroom: World News');
    expect(feed.description).toBe('The latest news from Newsroom in World News');
    expect(feed.link).toBe(`${BASE}/world-news`);
    expect(feed.items.map((item) => item.link)).toEqual(
      [europe, tricky, pictured, first].map(permalink),
    );
    const rss = parseXml((await get('/world-news/rss.xml')).body).rss as Record<
      string,
      Record<string, unknown>
    >;
    expect(rss.channel?.['atom:link']).toMatchObject({ '@_href': `${BASE}/world-news/rss.xml` });
  });

  it('hold only the articles of their sub-category', async () => {
    const feed = await feedOf('/world-news/south-asia/rss.xml');
    expect(feed.title).toBe('Newsroom: World News › South Asia');
    expect(feed.link).toBe(`${BASE}/world-news/south-asia`);
    expect(feed.items.map((item) => item.link)).toEqual([tricky, pictured, first].map(permalink));
    expect(await links('/world-news/europe/rss.xml')).toEqual([permalink(europe)]);
  });

  it('are found by the name as well as its readable form, like the list pages', async () => {
    expect(await links('/World%20News/rss.xml')).toEqual(await links('/world-news/rss.xml'));
  });

  it('answer 404 for an unknown category, an unknown sub-category or one of another category', async () => {
    for (const url of [
      '/nowhere/rss.xml',
      '/world-news/nowhere/rss.xml',
      '/sports/south-asia/rss.xml',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
    }
  });
});

describe('feeds in the public cache', () => {
  /**
   * The answers kept for the feeds now: those a write made stale are replaced once read again
   * (decision 133), within a second; the others stay as they were.
   */
  const keptNow = () => feeds.map((url) => t.app.publicCache.peekResponse(url));
  const untouched = (before: ReturnType<typeof keptNow>) =>
    keptNow().map((answer, i) => answer !== undefined && answer === before[i]);
  const warm = async (urls: string[]) => {
    for (const url of urls) expect((await get(url)).statusCode).toBe(200);
  };
  const feeds = [
    '/rss.xml',
    '/world-news/rss.xml',
    '/world-news/south-asia/rss.xml',
    '/sports/rss.xml',
  ];

  it('drops only the feeds an article write shows on', async () => {
    await warm(feeds);
    const before = keptNow();
    expect(before.every(Boolean)).toBe(true);
    await createNews(sports, { title: 'Another match report today', slug: 'another-match' });
    await vi.waitFor(
      async () => {
        await warm(feeds);
        expect(untouched(before)).toEqual([false, true, true, false]);
      },
      { timeout: 1_500 },
    );
    expect(await links('/sports/rss.xml')).toContain(`${BASE}/news/another-match`);
  });

  it('drops a sub-category feed when one of its articles changes', async () => {
    await warm(feeds);
    const before = keptNow();
    const res = await call(t.app, {
      method: 'PUT',
      url: `/api/v1/news/update/${first._id}`,
      payload: newsFields(world.taxonomy, {
        title: 'First story of the day, updated',
        slug: 'first-story',
      }),
      headers: world.headers,
    });
    expect(res.status).toBe(200);
    await vi.waitFor(
      async () => {
        await warm(feeds);
        expect(untouched(before)).toEqual([false, false, false, true]);
      },
      { timeout: 1_500 },
    );
    expect((await feedOf('/world-news/south-asia/rss.xml')).items.at(-1)?.title).toBe(
      'First story of the day, updated',
    );
  });
});

describe('GET /robots.txt', () => {
  it('names the sitemap index and the news sitemap', async () => {
    const body = (await get('/robots.txt')).body;
    expect(body).toContain(`Sitemap: ${BASE}/sitemap.xml\n`);
    expect(body).toContain(`Sitemap: ${BASE}/news-sitemap.xml\n`);
  });
});
