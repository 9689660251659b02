import { existsSync } from 'node:fs';
import path from 'node:path';
import type { NewsDto } from '@newsroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTaxonomy, newsFields, type AuthHeaders, type Taxonomy } from './factories.ts';
import { adminAuth } from './fixtures.ts';
import { call, createTestApp, type TestApp } from './helpers.ts';
import { renders } from './web-dist.ts';

/*
 * Corrections as readers get them (decision 112), rendered by the real web app: the article page
 * shows every note newest first with its time and "Updated"; its NewsArticle JSON-LD carries
 * `dateModified` and each correction as a CorrectionComment; /corrections pages every note with
 * a link to its article, and /corrections/rss.xml lists them. A note's write makes each of them
 * stale, and nothing else.
 */

/** These pages are rendered by the real web app, as built by `npm run build`. */
const WEB_DIST = path.resolve(__dirname, '../../web/dist');
const BASE = 'http://news.test';

let t: TestApp;
let admin: AuthHeaders;
let taxonomy: Taxonomy;

async function story(overrides: Record<string, unknown> = {}): Promise<NewsDto> {
  const res = await call(t.app, {
    method: 'POST',
    url: '/api/v1/news/create',
    headers: admin,
    payload: newsFields(taxonomy, overrides),
  });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data as NewsDto;
}

async function note(news: NewsDto, kind: 'correction' | 'update', text: string) {
  const res = await call(t.app, {
    method: 'POST',
    url: `/api/v1/news/${news._id}/corrections`,
    headers: admin,
    payload: { kind, text },
  });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data as { _id: string; createdAt: string };
}

const page = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.body, type: String(res.headers['content-type']) };
};

/** The JSON-LD objects of a page. */
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (m) => JSON.parse(m[1] ?? '{}') as Record<string, unknown>,
  );

/** The page's notes section, as text. */
const notesOf = (html: string) =>
  (/<section id="corrections"[^>]*>(.*?)<\/section>/s.exec(html)?.[1] ?? '').replaceAll(
    '<!-- -->',
    '',
  );

beforeAll(async () => {
  if (!existsSync(path.join(WEB_DIST, 'server', 'entry-server.js'))) {
    throw new Error(`${WEB_DIST} is missing: run npm run build before these page tests`);
  }
  t = await createTestApp({ WEB_DIST, PUBLIC_URL: BASE });
  admin = await adminAuth(t.app);
  taxonomy = await createTaxonomy(t.app, admin, { category: 'Harbour' });
});
afterAll(() => t?.close());

describe('the article page', () => {
  it('shows no notes and no "Updated" before the first note', async () => {
    const news = await story({ title: 'Ferries run late after the storm' });
    const { body } = await page(`/news/${news.slug}`);
    expect(body).not.toContain('id="corrections"');
    expect(body).not.toContain('Updated ');
    const [article] = jsonLd(body).filter((data) => data['@type'] === 'NewsArticle');
    expect(article?.dateModified).toBe(news.updatedAt);
    expect(article).not.toHaveProperty('correction');
  });

  it('shows every note newest first with its time, "Updated" and the JSON-LD of corrections', async () => {
    const news = await story({ title: 'The harbour master retires' });
    await page(`/news/${news.slug}`);
    const correction = await note(
      news,
      'correction',
      'An earlier version misspelt the harbour master’s name as <Smyth>.',
    );
    const update = await note(news, 'update', 'The harbour board has named a successor.');
    const { body } = await page(`/news/${news.slug}`);
    const notes = notesOf(body);
    expect(notes).toContain('Corrections and updates');
    // Newest first, each with its time; the text escaped, never markup.
    expect(notes.indexOf('named a successor')).toBeLessThan(notes.indexOf('misspelt'));
    expect(notes).toContain(`<time dateTime="${update.createdAt}">`);
    expect(notes).toContain(`<time dateTime="${correction.createdAt}">`);
    expect(notes).toContain('name as &lt;Smyth&gt;.');
    expect(body).not.toContain('<Smyth>');
    expect(body.replaceAll('<!-- -->', '')).toMatch(
      new RegExp(`Updated <time dateTime="${update.createdAt}">`),
    );
    const [article] = jsonLd(body).filter((data) => data['@type'] === 'NewsArticle');
    expect(article?.dateModified).toBe(update.createdAt);
    expect(article?.correction).toEqual([
      {
        '@type': 'CorrectionComment',
        text: 'An earlier version misspelt the harbour master’s name as <Smyth>.',
        datePublished: correction.createdAt,
      },
    ]);
    expect(body).toContain(
      `<meta property="article:modified_time" content="${update.createdAt}" />`,
    );
  });
});

describe('/corrections and its feed', () => {
  it('lists every note with a link to its article, paged with real addresses', async () => {
    const news = await story({ title: 'Lighthouse keepers vote to strike' });
    for (let i = 1; i <= 21; i += 1) {
      await note(news, i % 2 ? 'correction' : 'update', `Note number ${i} of the long story.`);
    }
    const first = await page('/corrections');
    expect(first.status).toBe(200);
    expect(first.body).toContain('Corrections and updates');
    expect(first.body).toContain('Note number 21 of the long story.');
    expect(first.body).not.toContain('Note number 1 of the long story.');
    expect(first.body).toContain(`href="/news/${news.slug}"`);
    expect(first.body).toContain('href="/corrections?page=2"');
    expect(first.body).toContain(`<link rel="canonical" href="${BASE}/corrections"`);
    expect(first.body).toContain(`href="${BASE}/corrections/rss.xml"`);
    const second = await page('/corrections?page=2');
    expect(second.status).toBe(200);
    expect(second.body).toContain('Note number 1 of the long story.');
    expect(second.body).toContain(`<link rel="canonical" href="${BASE}/corrections?page=2"`);
    expect((await page('/corrections?page=99')).status).toBe(404);
    expect((await page('/corrections?page=nope')).status).toBe(404);
  });

  it('has an RSS 2.0 feed of the newest notes, each linking to its article', async () => {
    const news = await story({ title: 'Tides & times: the new table' });
    const added = await note(news, 'correction', 'The low tide is at 4:10, not 4:40 & later.');
    const feed = await page('/corrections/rss.xml');
    expect(feed.status).toBe(200);
    expect(feed.type).toContain('application/rss+xml');
    expect(feed.body).toContain('<rss version="2.0"');
    expect(feed.body).toContain(`<link>${BASE}/news/${news.slug}</link>`);
    // Text as CDATA: the ampersands stay as written, the document stays well formed.
    expect(feed.body).toContain('<![CDATA[Correction: Tides & times: the new table]]>');
    expect(feed.body).toContain('<![CDATA[The low tide is at 4:10, not 4:40 & later.]]>');
    expect(feed.body).toContain(
      `<guid isPermaLink="false">${BASE}/corrections#${added._id}</guid>`,
    );
  });

  it('is listed in the sitemap of pages', async () => {
    const { body } = await page('/sitemaps/pages.xml');
    expect(body).toContain(`<loc>${BASE}/corrections</loc>`);
  });
});

describe('what a note makes stale', () => {
  it('the article page, its API read, /corrections and its feed; not another article', async () => {
    const news = await story({ title: 'A new crane for the docks' });
    const apart = await story({ title: 'The fish market moves' });
    const urls = [`/news/${news.slug}`, '/corrections', '/corrections/rss.xml'];
    for (const url of [...urls, `/news/${apart.slug}`, `/api/v1/u/news/${news.slug}`]) {
      await page(url);
    }
    const text = 'The crane lifts 40 tonnes, not 400 as we first wrote.';
    await note(news, 'correction', text);
    const before = renders();
    await page(`/news/${apart.slug}`);
    expect(renders() - before).toBe(0);
    for (const url of urls) expect((await page(url)).body).toContain('not 400 as we first wrote');
    const read = await call(t.app, { method: 'GET', url: `/api/v1/u/news/${news.slug}` });
    expect(read.body.data[0].corrections).toEqual([
      { kind: 'correction', text, createdAt: expect.any(String) },
    ]);
  });
});
