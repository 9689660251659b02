import type { NewsDto } from '@newsroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNews, createTaxonomy, images, type NewsContext } from './factories.ts';
import { adminAuth } from './fixtures.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
/** Active articles, oldest first. */
const active: NewsDto[] = [];
let hidden: NewsDto;
let tricky: NewsDto;

beforeAll(async () => {
  t = await createTestApp();
  const headers = await adminAuth(t.app);
  const taxonomy = await createTaxonomy(t.app, headers, {
    category: 'World News',
    subcategory: 'South Asia',
  });
  const ctx: NewsContext = { app: t.app, headers, taxonomy };
  active.push(await createNews(ctx, { title: 'First story', slug: 'first-story' }));
  active.push(
    await createNews(ctx, {
      title: 'Second story with a picture',
      slug: 'second-story',
      image: await images.jpeg(),
    }),
  );
  hidden = await createNews(ctx, { title: 'A hidden story', slug: 'hidden-story', status: false });
  tricky = await createNews(ctx, { title: 'Salt & pepper <b>tips</b>', slug: 'salt-and-pepper' });
  active.push(tricky);
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

/** The contents of every <tag>…</tag> in the document, in order. */
function allOf(xml: string, tag: string): string[] {
  return [...xml.matchAll(new RegExp(`<${tag}[^>]*>([\\s\\S]*?)</${tag}>`, 'g'))].map(
    (match) => match[1] ?? '',
  );
}

describe('GET /rss.xml', () => {
  it('answers a cacheable RSS 2.0 document describing the site', async () => {
    const response = await get('/rss.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
    expect(response.body).toContain('<rss version="2.0"');
    expect(response.body).toContain('<title>Newsroom</title>');
    expect(response.body).toContain(
      '<atom:link href="http://news.test/rss.xml" rel="self" type="application/rss+xml" />',
    );
  });

  it('lists the latest active articles newest first with absolute permalinks', async () => {
    const items = allOf((await get('/rss.xml')).body, 'item');
    expect(items.map((item) => allOf(item, 'link')[0])).toEqual([
      'http://news.test/news/salt-and-pepper',
      'http://news.test/news/second-story',
      'http://news.test/news/first-story',
    ]);
    expect(items[2]).toContain('<guid isPermaLink="true">http://news.test/news/first-story</guid>');
  });

  it('gives each item a date, a plain-text summary and its category', async () => {
    const item = allOf((await get('/rss.xml')).body, 'item')[2] ?? '';
    expect(allOf(item, 'pubDate')[0]).toBe(new Date(active[0]?.createdAt ?? '').toUTCString());
    const description = allOf(item, 'description')[0] ?? '';
    expect(description).toMatch(/^A calm and careful report/);
    expect(description).not.toContain('&lt;p&gt;');
    expect(description.split(' ')).toHaveLength(50);
    expect(allOf(item, 'category')).toEqual(['World News']);
  });

  it('adds an absolute image enclosure only to articles with a picture', async () => {
    const [withoutImage, withImage] = allOf((await get('/rss.xml')).body, 'item');
    expect(withImage).toMatch(
      /<enclosure url="http:\/\/news\.test\/uploads\/[^"]+" type="image\/jpeg"/,
    );
    expect(withoutImage).not.toContain('<enclosure');
  });

  it('escapes titles that contain markup characters', async () => {
    const xml = (await get('/rss.xml')).body;
    expect(xml).toContain('<title>Salt &amp; pepper &lt;b&gt;tips&lt;/b&gt;</title>');
    expect(xml).not.toContain('Salt & pepper');
  });

  it('leaves out inactive articles', async () => {
    const xml = (await get('/rss.xml')).body;
    expect(xml).not.toContain(hidden.title);
    expect(xml).not.toContain(hidden.slug);
  });
});

describe('GET /robots.txt', () => {
  it('points crawlers to the sitemap index', async () => {
    expect((await get('/robots.txt')).body).toContain('Sitemap: http://news.test/sitemap.xml');
  });
});
