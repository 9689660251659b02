import { existsSync } from 'node:fs';
import path from 'node:path';
import type { NewsDto } from '@newsroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  afterVariants,
  createNews,
  createTaxonomy,
  images,
  type NewsContext,
} from './factories.ts';
import { adminAuth } from './fixtures.ts';
import { createTestApp, type TestApp } from './helpers.ts';

/** These pages are rendered by the real web app, as built by `npm run build`. */
const WEB_DIST = path.resolve(__dirname, '../../web/dist');
const BASE = 'http://news.test';
const INJECTION = '</script><script>alert(1)</script>';

let t: TestApp;
let anchored: NewsDto;
let unsigned: NewsDto;
let hostile: NewsDto;

beforeAll(async () => {
  if (!existsSync(path.join(WEB_DIST, 'server', 'entry-server.js'))) {
    throw new Error(`${WEB_DIST} is missing: run npm run build before these page tests`);
  }
  t = await createTestApp({ WEB_DIST });
  const headers = await adminAuth(t.app);
  const taxonomy = await createTaxonomy(t.app, headers, {
    category: 'World News',
    subcategory: 'South Asia',
    publisher: 'Daily Wire Service',
    anchor: 'Asha Rao',
  });
  const ctx: NewsContext = { app: t.app, headers, taxonomy };
  // Its page is read once the picture's variants are made and the article points at them.
  anchored = await afterVariants(
    t.app,
    await createNews(ctx, {
      title: 'Monsoon arrives early in the south',
      image: await images.jpeg(),
    }),
  );
  unsigned = await createNews(ctx, { title: 'A report without an anchor', anchorId: '' });
  hostile = await createNews(ctx, { title: `Breaking ${INJECTION} news` });
});
afterAll(() => t?.close());

const page = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  return res.body;
};

type JsonLd = Record<string, unknown> & { '@type': string };

/** Every JSON-LD block of a page, parsed. */
async function jsonLd(url: string): Promise<JsonLd[]> {
  const html = await page(url);
  const blocks = html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g);
  return [...blocks].map((block) => JSON.parse(block[1] ?? '') as JsonLd);
}
const ofType = async (url: string, type: string) =>
  (await jsonLd(url)).filter((data) => data['@type'] === type);

/** The feeds a page links in its head: [title, href]. */
async function feedLinks(url: string): Promise<[string, string][]> {
  const html = await page(url);
  const links = html.matchAll(
    /<link rel="alternate" type="application\/rss\+xml" title="([^"]*)" href="([^"]*)" \/>/g,
  );
  return [...links].map((link) => [link[1] ?? '', link[2] ?? '']);
}

const crumbs = (list: JsonLd | undefined) =>
  (list?.itemListElement as { position: number; name: string; item: string }[]).map(
    ({ position, name, item }) => [position, name, item],
  );

describe('structured data of the article page', () => {
  it('describes the article as a NewsArticle with dates, author, publisher and logo, picture and section', async () => {
    const [article] = await ofType(`/news/${anchored.slug}`, 'NewsArticle');
    expect(article).toEqual({
      '@context': 'https://schema.org',
      '@type': 'NewsArticle',
      headline: anchored.title,
      description: anchored.metaDescription,
      // The upload and its share JPEG (no wider than the 64-pixel upload): largest first.
      image: [anchored.Image?.ImageURL, `${anchored.Image?.ImageURL}.og.jpg`],
      datePublished: anchored.createdAt,
      dateModified: anchored.updatedAt,
      mainEntityOfPage: { '@type': 'WebPage', '@id': `${BASE}/news/${anchored.slug}` },
      articleSection: 'World News',
      keywords: 'city, parks',
      // Its authors, each a Person with their page (decision 103); the anchor stays on the page.
      author: [{ '@type': 'Person', name: 'Test Admin', url: `${BASE}/author/test-admin` }],
      publisher: {
        '@type': 'Organization',
        name: 'Newsroom',
        url: `${BASE}/`,
        logo: { '@type': 'ImageObject', url: `${BASE}/logo.png`, width: 512, height: 512 },
      },
    });
    expect(article?.image).toEqual([
      expect.stringMatching(/^http:\/\/news\.test\/uploads\/news\/[^/]+-64x48\.jpg$/),
      expect.stringMatching(/^http:\/\/news\.test\/uploads\/news\/[^/]+-64x48\.jpg\.og\.jpg$/),
    ]);
  });

  it('serves the publisher logo it names, a PNG at a fixed address', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/logo.png' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });

  it('names the anchor, else the publisher, as author when the article has no authors', async () => {
    // Authors are named on every article the API writes; a row without any (written around it).
    for (const news of [anchored, unsigned]) {
      await t.app.db.kysely.deleteFrom('news_authors').where('news_id', '=', news._id).execute();
    }
    await t.app.publicCache.invalidate(['*']);
    const [withAnchor] = await ofType(`/news/${anchored.slug}`, 'NewsArticle');
    expect(withAnchor?.author).toEqual({ '@type': 'Person', name: 'Asha Rao' });
    const [article] = await ofType(`/news/${unsigned.slug}`, 'NewsArticle');
    expect(article?.author).toEqual({ '@type': 'Organization', name: 'Daily Wire Service' });
    expect(article).not.toHaveProperty('image');
  });

  it('places the article under Home › Category › Sub-category', async () => {
    const [list] = await ofType(`/news/${anchored.slug}`, 'BreadcrumbList');
    expect(crumbs(list)).toEqual([
      [1, 'Home', `${BASE}/`],
      [2, 'World News', `${BASE}/world-news`],
      [3, 'South Asia', `${BASE}/world-news/south-asia`],
      [4, anchored.title, `${BASE}/news/${anchored.slug}`],
    ]);
  });

  it('keeps a title that closes the script inside the JSON', async () => {
    const html = await page(`/news/${hostile.slug}`);
    expect(html).not.toContain(INJECTION);
    const [article] = await ofType(`/news/${hostile.slug}`, 'NewsArticle');
    expect(article?.headline).toBe(`Breaking ${INJECTION} news`);
  });
});

describe('structured data of list pages', () => {
  it('places category and sub-category pages in the breadcrumbs', async () => {
    expect(crumbs((await ofType('/world-news', 'BreadcrumbList'))[0])).toEqual([
      [1, 'Home', `${BASE}/`],
      [2, 'World News', `${BASE}/world-news`],
    ]);
    expect(crumbs((await ofType('/world-news/south-asia', 'BreadcrumbList'))[0])).toEqual([
      [1, 'Home', `${BASE}/`],
      [2, 'World News', `${BASE}/world-news`],
      [3, 'South Asia', `${BASE}/world-news/south-asia`],
    ]);
  });

  it('describes the site and its search on the home page', async () => {
    expect(await jsonLd('/')).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        name: 'Newsroom',
        url: `${BASE}/`,
        potentialAction: {
          '@type': 'SearchAction',
          target: { '@type': 'EntryPoint', urlTemplate: `${BASE}/search?q={search_term_string}` },
          'query-input': 'required name=search_term_string',
        },
      },
    ]);
  });
});

describe('feeds named in the head', () => {
  const site: [string, string] = ['Newsroom', `${BASE}/rss.xml`];
  const category: [string, string] = ['Newsroom: World News', `${BASE}/world-news/rss.xml`];
  const sub: [string, string] = [
    'Newsroom: World News › South Asia',
    `${BASE}/world-news/south-asia/rss.xml`,
  ];

  it('link the site feed everywhere, a section’s feeds on its pages and an article’s category feed', async () => {
    expect(await feedLinks('/')).toEqual([site]);
    expect(await feedLinks('/about-us')).toEqual([site]);
    expect(await feedLinks('/world-news')).toEqual([site, category]);
    expect(await feedLinks('/world-news/south-asia')).toEqual([site, category, sub]);
    expect(await feedLinks(`/news/${anchored.slug}`)).toEqual([site, category]);
  });

  it('point at feeds that exist, titled as their channels', async () => {
    for (const [title, href] of [site, category, sub]) {
      const res = await t.app.inject({ method: 'GET', url: href.replace(BASE, '') });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(`<title>${title}</title>`);
    }
  });
});
