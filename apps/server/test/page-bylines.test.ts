import { existsSync } from 'node:fs';
import path from 'node:path';
import type { NewsDto, Role } from '@newsroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTaxonomy, newsFields, type AuthHeaders, type Taxonomy } from './factories.ts';
import { adminAuth, signedInStaff } from './fixtures.ts';
import { call, createTestApp, type TestApp } from './helpers.ts';
import { renders } from './web-dist.ts';

/*
 * Bylines and author pages as readers get them (decision 103), rendered by the real web app: the
 * byline links each author's page; a person's page shows their profile and articles, pages on
 * without JavaScript, and is a 404 for a slug no one on the staff has. A change of an article's
 * authors, or of a person's name or bio, re-renders exactly the pages that show it.
 */

/** These pages are rendered by the real web app, as built by `npm run build`. */
const WEB_DIST = path.resolve(__dirname, '../../web/dist');
const BASE = 'http://news.test';

interface Person {
  id: string;
  slug: string;
  headers: AuthHeaders;
}

let t: TestApp;
let admin: AuthHeaders;
let taxonomy: Taxonomy;
let xena: Person;
let yusuf: Person;
let zara: Person;

const person = (role: Role, name: string): Promise<Person> => signedInStaff(t.app, role, name);

async function story(as: AuthHeaders, overrides: Record<string, unknown>): Promise<NewsDto> {
  const res = await call(t.app, {
    method: 'POST',
    url: '/api/v1/news/create',
    headers: as,
    payload: newsFields(taxonomy, overrides),
  });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data as NewsDto;
}

const page = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.body };
};

/** The byline's links: [href, name]. */
const byline = (html: string) => {
  const block = /<p[^>]*data-testid="byline"[^>]*>(.*?)<\/p>/s.exec(html)?.[1] ?? '';
  return [...block.matchAll(/<a href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map((m) => [m[1], m[2]]);
};

beforeAll(async () => {
  if (!existsSync(path.join(WEB_DIST, 'server', 'entry-server.js'))) {
    throw new Error(`${WEB_DIST} is missing: run npm run build before these page tests`);
  }
  t = await createTestApp({ WEB_DIST, PUBLIC_URL: BASE });
  admin = await adminAuth(t.app);
  taxonomy = await createTaxonomy(t.app, admin, { category: 'Harbour' });
  xena = await person('author', 'Xena Marsh');
  yusuf = await person('author', 'Yusuf Reed');
  zara = await person('author', 'Zara Quay');
});
afterAll(() => t?.close());

describe('the byline and the author page', () => {
  it('names every author in order on the article page, each linked to their page', async () => {
    const news = await story(admin, {
      title: 'Two reporters on the night ferry',
      authorIds: [xena.id, yusuf.id],
    });
    const { body } = await page(`/news/${news.slug}`);
    expect(byline(body)).toEqual([
      [`/author/${xena.slug}`, 'Xena Marsh'],
      [`/author/${yusuf.slug}`, 'Yusuf Reed'],
    ]);
    // React writes `<!-- -->` between neighbouring texts.
    expect(body.replaceAll('<!-- -->', '')).toMatch(/By <a[^>]*>Xena Marsh<\/a> and <a/);
  });

  it('shows a person’s profile and articles, with their feed, ProfilePage and paging links', async () => {
    await t.app.db.kysely
      .updateTable('admins')
      .set({ bio: 'Writes about boats.', links: JSON.stringify(['https://example.com/xena']) })
      .where('id', '=', xena.id)
      .execute();
    const written: NewsDto[] = [];
    for (let i = 0; i < 7; i += 1) {
      written.push(await story(xena.headers, { title: `Xena's harbour note ${i + 1}` }));
    }
    const first = await page(`/author/${xena.slug}`);
    expect(first.status).toBe(200);
    expect(first.body).toContain('<h1');
    expect(first.body).toContain('Xena Marsh');
    expect(first.body).toContain('Writes about boats.');
    expect(first.body).toContain('href="https://example.com/xena"');
    expect(first.body).toContain(`href="${BASE}/author/${xena.slug}/rss.xml"`);
    expect(first.body).toContain(`href="/author/${xena.slug}?page=2"`);
    // The newest six of her eight articles on the first page.
    expect(first.body).toContain(written[6]?.slug);
    expect(first.body).not.toContain(`/news/${written[0]?.slug}"`);
    const [profile] = [
      ...first.body.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs),
    ]
      .map((m) => JSON.parse(m[1] ?? '{}') as Record<string, unknown>)
      .filter((data) => data['@type'] === 'ProfilePage');
    expect(profile?.mainEntity).toEqual({
      '@type': 'Person',
      name: 'Xena Marsh',
      url: `${BASE}/author/${xena.slug}`,
      description: 'Writes about boats.',
      sameAs: ['https://example.com/xena'],
    });
    const second = await page(`/author/${xena.slug}?page=2`);
    expect(second.status).toBe(200);
    expect(second.body).toContain(`/news/${written[0]?.slug}"`);
    expect(second.body).toContain(`href="/author/${xena.slug}"`);
    expect(second.body).toContain(
      `<link rel="canonical" href="${BASE}/author/${xena.slug}?page=2"`,
    );
  });

  it('answers 404 for a slug no one on the staff has, and for a bad page number', async () => {
    expect((await page('/author/nobody-here')).status).toBe(404);
    expect((await page(`/author/${xena.slug}?page=zero`)).status).toBe(404);
  });
});

describe('what a change of bylines re-renders', () => {
  it('a change of an article’s authors: its page and both people’s pages, nothing else', async () => {
    // People of their own: no other page of theirs is kept from the tests before.
    const uma = await person('author', 'Uma Pier');
    const victor = await person('author', 'Victor Dock');
    const moved = await story(admin, { title: 'A story that changes hands', authorIds: [uma.id] });
    const apart = await story(admin, { title: 'A story by someone else', authorIds: [zara.id] });
    const urls = [`/news/${moved.slug}`, `/author/${uma.slug}`, `/author/${victor.slug}`];
    for (const url of [...urls, `/news/${apart.slug}`]) await page(url);
    const before = renders();
    const res = await call(t.app, {
      method: 'PUT',
      url: `/api/v1/news/update/${moved._id}`,
      headers: admin,
      payload: newsFields(taxonomy, { slug: moved.slug, authorIds: [victor.id] }),
    });
    expect(res.status).toBe(200);
    // The other article's page is not stale: served as kept.
    await page(`/news/${apart.slug}`);
    const [article, umaPage, victorPage] = await Promise.all(urls.map(page));
    expect(renders() - before).toBe(3);
    expect(byline(article?.body ?? '')).toEqual([[`/author/${victor.slug}`, 'Victor Dock']]);
    expect(umaPage?.body).not.toContain(`/news/${moved.slug}"`);
    expect(victorPage?.body).toContain(`/news/${moved.slug}"`);
  });

  it('a new name: the bylines and page that show it, not another person’s article', async () => {
    const hers = await story(admin, { title: 'Zara on the lighthouse', authorIds: [zara.id] });
    const theirs = await story(admin, { title: 'Yusuf on the tides', authorIds: [yusuf.id] });
    for (const url of [`/news/${hers.slug}`, `/news/${theirs.slug}`, `/author/${zara.slug}`]) {
      await page(url);
    }
    const res = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/auth/me',
      headers: zara.headers,
      payload: { name: 'Zara Quayle' },
    });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Zara Quayle', slug: zara.slug });
    const before = renders();
    await page(`/news/${theirs.slug}`);
    expect(renders() - before).toBe(0);
    expect(byline((await page(`/news/${hers.slug}`)).body)).toEqual([
      [`/author/${zara.slug}`, 'Zara Quayle'],
    ]);
    expect((await page(`/author/${zara.slug}`)).body).toContain('Zara Quayle');
    // The slug stays: the page's address does not move (decision 104).
    expect((await page(`/author/${zara.slug}`)).status).toBe(200);
  });

  it('a new bio: the person’s page only, not the articles whose bylines name them', async () => {
    const hers = await story(admin, { title: 'Zara at the fish market', authorIds: [zara.id] });
    await page(`/news/${hers.slug}`);
    await page(`/author/${zara.slug}`);
    const res = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/auth/me',
      headers: zara.headers,
      payload: { bio: 'Keeps the lighthouse log.' },
    });
    expect(res.status).toBe(200);
    const before = renders();
    await page(`/news/${hers.slug}`);
    expect(renders() - before).toBe(0);
    expect((await page(`/author/${zara.slug}`)).body).toContain('Keeps the lighthouse log.');
  });

  it('a removal: the person’s page answers 404 and their bylines name who took over', async () => {
    const leaving = await person('author', 'Wren Gone');
    const theirs = await story(admin, { title: 'Wren’s last report', authorIds: [leaving.id] });
    expect((await page(`/author/${leaving.slug}`)).status).toBe(200);
    await page(`/news/${theirs.slug}`);
    const res = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/staff/${leaving.id}?transferTo=${yusuf.id}`,
      headers: admin,
    });
    expect(res.status, res.body.message).toBe(200);
    expect((await page(`/author/${leaving.slug}`)).status).toBe(404);
    expect(byline((await page(`/news/${theirs.slug}`)).body)).toEqual([
      [`/author/${yusuf.slug}`, 'Yusuf Reed'],
    ]);
  });
});
