import { existsSync } from 'node:fs';
import path from 'node:path';
import type { LiveEntry, NewsDto } from '@newsroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTaxonomy, newsFields, type AuthHeaders, type Taxonomy } from './factories.ts';
import { adminAuth } from './fixtures.ts';
import { call, createTestApp, type TestApp } from './helpers.ts';

/*
 * A live page as readers get it (decision 115), rendered by the real web app: entries newest
 * first under the pinned ones and the key events, each with its time and writer, older entries
 * at real addresses that work without JavaScript, `LiveBlogPosting` JSON-LD, kept by the page
 * cache until an entry makes it stale, frozen once coverage ends.
 */

/** These pages are rendered by the real web app, as built by `npm run build`. */
const WEB_DIST = path.resolve(__dirname, '../../web/dist');
const BASE = 'http://news.test';

let t: TestApp;
let admin: AuthHeaders;
let taxonomy: Taxonomy;

beforeAll(async () => {
  if (!existsSync(path.join(WEB_DIST, 'server', 'entry-server.js'))) {
    throw new Error(`${WEB_DIST} is missing: run npm run build before these page tests`);
  }
  t = await createTestApp({ WEB_DIST, PUBLIC_URL: BASE });
  admin = await adminAuth(t.app);
  taxonomy = await createTaxonomy(t.app, admin, { category: 'Elections' });
});
afterAll(() => t?.close());

async function story(overrides: Record<string, unknown> = {}): Promise<NewsDto> {
  const res = await call(t.app, {
    method: 'POST',
    url: '/api/v1/news/create',
    headers: admin,
    payload: newsFields(taxonomy, {
      live: true,
      title: 'Election night, as it happens',
      ...overrides,
    }),
  });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data as NewsDto;
}

async function entry(news: NewsDto, text: string, more: Record<string, unknown> = {}) {
  const res = await call(t.app, {
    method: 'POST',
    url: `/api/v1/news/${news._id}/live`,
    headers: admin,
    payload: { text: `<p>${text}</p>`, ...more },
  });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data as LiveEntry;
}

const page = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.body.replaceAll('<!-- -->', '') };
};

const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (m) => JSON.parse(m[1] ?? '{}') as Record<string, unknown>,
  );

/** The ids of the entries a page lists, in order (the pinned ones apart). */
const listed = (html: string) =>
  [
    ...(/<ol aria-label="Entries"[^>]*>(.*?)<\/ol>/s.exec(html)?.[1] ?? '').matchAll(
      /data-entry="([^"]+)"/g,
    ),
  ].map((m) => m[1]);

describe('a live page', () => {
  it('lists entries newest first under the pinned ones and the key events, paged by real links', async () => {
    const news = await story();
    const entries: LiveEntry[] = [];
    for (let i = 1; i <= 23; i++) {
      entries.push(
        await entry(news, `Result number ${i} is in`, {
          ...(i === 2 && { pinned: true }),
          ...(i === 3 && { keyEvent: true }),
        }),
      );
    }
    const first = await page(`/news/${news.slug}`);
    expect(first.status).toBe(200);
    const newestFirst = [...entries].reverse();
    expect(listed(first.body)).toEqual(newestFirst.slice(0, 20).map((e) => e._id));
    // The pinned entry first, marked; the key event linked at the top (on the next page).
    const pinnedAt = first.body.indexOf('aria-label="Pinned entries"');
    expect(pinnedAt).toBeGreaterThan(0);
    expect(first.body.indexOf('Result number 2 is in')).toBeGreaterThan(pinnedAt);
    expect(first.body.indexOf('Result number 2 is in')).toBeLessThan(
      first.body.indexOf('aria-label="Entries"'),
    );
    expect(first.body).toContain('>Pinned</span>');
    expect(first.body).toContain('Key events');
    expect(first.body).toContain(
      `href="/news/${news.slug}?from=${entries[2]?._id}#live-${entries[2]?._id}"`,
    );
    // Each entry's time and writer.
    expect(first.body).toContain(`<time dateTime="${entries[22]?.createdAt}">`);
    expect(first.body).toMatch(/<a href="\/author\/[^"]+" class="[^"]*">Test Admin<\/a><\/p>/);
    // Older entries at a real address, rendered on the server.
    const older = `/news/${news.slug}?before=${entries[3]?._id}`;
    expect(first.body).toContain(`href="${older}"`);
    const second = await page(older);
    expect(second.status).toBe(200);
    expect(listed(second.body)).toEqual(newestFirst.slice(20).map((e) => e._id));
    expect(second.body).not.toContain('Older entries');
    expect(second.body).toMatch(
      new RegExp(`href="/news/${news.slug}" class="[^"]*">Latest entries`),
    );
    const from = await page(`/news/${news.slug}?from=${entries[2]?._id}`);
    expect(listed(from.body)[0]).toBe(entries[2]?._id);
    expect((await page(`/news/${news.slug}?before=no-such-entry`)).status).toBe(404);
  });

  it('carries LiveBlogPosting JSON-LD with its coverage and latest updates', async () => {
    const news = await story();
    for (let i = 1; i <= 12; i++) await entry(news, `Update ${i}`);
    const { body } = await page(`/news/${news.slug}`);
    const [blog] = jsonLd(body).filter((data) => data['@type'] === 'LiveBlogPosting');
    expect(blog).toMatchObject({
      headline: 'Election night, as it happens',
      coverageStartTime: news.createdAt,
    });
    expect(blog).not.toHaveProperty('coverageEndTime');
    const updates = blog?.liveBlogUpdate as { headline: string; url: string }[];
    expect(updates).toHaveLength(10);
    expect(updates[0]).toMatchObject({ '@type': 'BlogPosting', headline: 'Update 12' });
    expect(updates[0]?.url).toMatch(new RegExp(`^${BASE}/news/${news.slug}#live-`));
  });

  it('is kept until an entry makes it stale, and freezes when coverage ends', async () => {
    const news = await story();
    await entry(news, 'The first count');
    const before = await page(`/news/${news.slug}`);
    expect(before.body).toContain('The first count');
    expect(before.body).toContain('>Live</span>');
    const renders = t.app.publicCache.size;
    expect((await page(`/news/${news.slug}`)).body).toBe(before.body);
    expect(t.app.publicCache.size).toBe(renders);
    await entry(news, 'The second count');
    const after = await page(`/news/${news.slug}`);
    expect(after.body).toContain('The second count');

    const ended = await call(t.app, {
      method: 'PUT',
      url: `/api/v1/news/${news._id}/live`,
      headers: admin,
      payload: { ended: true },
    });
    expect(ended.status).toBe(200);
    const frozen = await page(`/news/${news.slug}`);
    expect(frozen.body).toContain('Coverage ended');
    expect(frozen.body).not.toContain('>Live</span>');
    const [blog] = jsonLd(frozen.body).filter((data) => data['@type'] === 'LiveBlogPosting');
    expect(blog?.coverageEndTime).toBe(ended.body.data.endedAt);
  });

  it('leaves an article that is not live as it was', async () => {
    const news = await story({ live: false, title: 'A quiet day at the council' });
    const { body } = await page(`/news/${news.slug}?before=anything`);
    expect(body).not.toContain('Live coverage');
    expect(jsonLd(body).some((data) => data['@type'] === 'NewsArticle')).toBe(true);
  });
});
