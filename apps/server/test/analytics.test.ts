import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import type { NewsDto, Role, SiteViews } from '@newsroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createNews,
  createTaxonomy,
  within,
  type AuthHeaders,
  type NewsContext,
  type Taxonomy,
} from './factories.ts';
import { ADMIN_PASSWORD, adminAuth, clientAddress } from './fixtures.ts';
import { call, createTestApp, type TestApp } from './helpers.ts';
import { MovableClock } from './movable-clock.ts';
import { fakeDist } from './web-dist.ts';

/*
 * First-party analytics (decision 119): page views counted as daily totals per article, section
 * and referrer host, through the real page paths (rendered pages, pages the hit server answers
 * before the framework, the reader API), in days of SITE_TIME_ZONE (Asia/Kolkata by default).
 */

const TIME_ZONE = 'Asia/Kolkata';
const MINUTE = 60_000;
const AGENT = 'AnalyticsProbe/1.0 (a reader browser)';
const clock = new MovableClock();

let t: TestApp;
let dist: string;
let base: string;
let headers: AuthHeaders;
let ctx: NewsContext;
let other: Taxonomy;

/** The date in the site's time zone at the app's now (or `ms`). */
function siteDay(ms = clock.now().getTime()): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    })
      .formatToParts(ms)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The next midnight in the site's time zone (Asia/Kolkata is UTC+05:30 all year). */
function nextMidnight(): number {
  const now = clock.now().getTime();
  const local = now + 330 * MINUTE;
  return Math.ceil(local / (1440 * MINUTE)) * 1440 * MINUTE - 330 * MINUTE;
}

beforeAll(async () => {
  dist = await fakeDist();
  // Ten minutes before the site's midnight, so one test can cross it.
  clock.advanceTo(new Date(nextMidnight() - 10 * MINUTE).toISOString());
  t = await createTestApp({ WEB_DIST: dist }, { clock });
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  headers = await adminAuth(t.app);
  ctx = { app: t.app, headers, taxonomy: await createTaxonomy(t.app, headers) };
  other = await createTaxonomy(t.app, headers);
});
afterAll(async () => {
  await t.close();
  await fs.rm(dist, { recursive: true, force: true });
});

/** A page request over a real socket, so the hit server answers it once the page is kept. */
async function readPage(news: NewsDto, extra: Record<string, string> = {}, method = 'GET') {
  const response = await fetch(`${base}/news/${news.slug}`, {
    method,
    headers: { 'user-agent': AGENT, ...extra },
  });
  await response.arrayBuffer();
  expect(response.status).toBe(200);
}

async function siteViews(days = 7, who: AuthHeaders = headers) {
  return call(t.app, { method: 'GET', url: `/api/v1/dashboard/views?days=${days}`, headers: who });
}

async function articleViews(id: string, days = 7, who: AuthHeaders = headers) {
  return call(t.app, { method: 'GET', url: `/api/v1/news/${id}/views?days=${days}`, headers: who });
}

/** Views of a day on an article's chart. */
async function articleDay(id: string, day: string): Promise<number> {
  const res = await articleViews(id);
  return (res.body.data.days as { date: string; views: number }[]).find((d) => d.date === day)
    ?.views as number;
}

async function totalViews(): Promise<number> {
  const res = await call(t.app, { method: 'GET', url: '/api/v1/dashboard/cards', headers });
  return res.body.data.totalViews as number;
}

async function signIn(role: Role): Promise<AuthHeaders> {
  const person = await t.app.services.registration.createAdmin({
    name: `Analytics ${role}`,
    email: `${role}-${randomUUID()}@example.com`,
    password: ADMIN_PASSWORD,
    verified: true,
    role,
  });
  const res = await call(t.app, {
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email: person.email, password: ADMIN_PASSWORD },
    remoteAddress: clientAddress(),
  });
  expect(res.status).toBe(200);
  return { authorization: `Bearer ${res.body.data.accessToken}` };
}

const ANALYTICS_TABLES = [
  'analytics_site_days',
  'analytics_section_days',
  'analytics_article_days',
  'analytics_day_top',
  'analytics_referrer_days',
] as const;

describe('views per day', () => {
  let first: NewsDto;
  let second: NewsDto;
  let elsewhere: NewsDto;

  it('counts each page view today per article, section and referrer host, the cache’s hits included', async () => {
    first = await createNews(ctx, { title: 'The most read story of the day' });
    second = await createNews(ctx, { title: 'A story read twice' });
    elsewhere = await createNews(
      { ...ctx, taxonomy: other },
      { title: 'A story of another section' },
    );
    const cardsBefore = await totalViews();
    const served = t.app.hitServer.served;
    // Rendered once, then answered by the hit server before the framework.
    for (let i = 0; i < 3; i++) {
      await readPage(first, { referer: 'https://WWW.Google.com:443/search?q=park' });
    }
    expect(t.app.hitServer.served).toBeGreaterThanOrEqual(served + 2);
    // The reader API counts a view too; a link from the site itself names no other site.
    const api = await fetch(`${base}/api/v1/u/news/${first.slug}`, {
      headers: { referer: `${base}/`, 'user-agent': AGENT },
    });
    expect(api.status).toBe(200);
    await readPage(first, {}, 'HEAD');
    await readPage(second, { referer: 'https://news.example.org/front' });
    await readPage(second, { referer: 'http://news.example.org./other-page' });
    await readPage(elsewhere);
    const today = siteDay();

    let answer: SiteViews | undefined;
    const written = await within(3000, async () => {
      answer = (await siteViews()).body.data as SiteViews;
      return answer.days.at(-1)?.views === 7;
    });
    expect(written).toBe(true);
    const site = answer as SiteViews;
    expect(site.days).toHaveLength(7);
    expect(site.days.at(-1)?.date).toBe(today);
    expect(site.days.slice(0, -1).every((day) => day.views === 0)).toBe(true);
    expect(site.topArticles).toEqual([
      { _id: first._id, title: first.title, views: 4 },
      { _id: second._id, title: second.title, views: 2 },
      { _id: elsewhere._id, title: elsewhere.title, views: 1 },
    ]);
    expect(site.topSections).toEqual([
      { name: ctx.taxonomy.names.category, views: 6 },
      { name: other.names.category, views: 1 },
    ]);
    expect(site.topReferrers).toEqual([
      { host: 'google.com', views: 3 },
      { host: 'news.example.org', views: 2 },
    ]);
    expect(await articleDay(first._id, today)).toBe(4);
    expect(await articleDay(second._id, today)).toBe(2);
    // The dashboard's first calls keep their shape and count the same views.
    expect(await within(3000, async () => (await totalViews()) === cardsBefore + 7)).toBe(true);
    const popular = await call(t.app, {
      method: 'GET',
      url: '/api/v1/dashboard/popular-news',
      headers,
    });
    expect(Object.keys(popular.body.data[0]).sort()).toEqual(
      ['_id', 'category', 'publisher', 'slug', 'title', 'updatedAt', 'views'].sort(),
    );
  });

  it('keeps no address, user agent or anything else of the reader: only days, ids, hosts and counts', async () => {
    for (const table of ANALYTICS_TABLES) {
      const rows = await t.app.db.kysely.selectFrom(table).selectAll().execute();
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        const columns = Object.keys(row).sort();
        expect(
          [
            ['day', 'views'],
            ['category_id', 'day', 'views'],
            ['day', 'news_id', 'views'],
            ['day', 'host', 'views'],
          ].map((list) => list.join()),
        ).toContain(columns.join());
        const text = JSON.stringify(row);
        expect(text).not.toContain('127.0.0.1');
        expect(text).not.toContain('AnalyticsProbe');
      }
    }
    const referrers = await t.app.db.kysely
      .selectFrom('analytics_referrer_days')
      .select('host')
      .execute();
    expect(referrers.map((row) => row.host).sort()).toEqual(['google.com', 'news.example.org']);
  });

  it('counts a view in the day of the site’s time zone it was made in, across midnight', async () => {
    const late = await createNews(ctx, { title: 'Read late at night and after midnight' });
    const before = siteDay();
    await readPage(late);
    await readPage(late);
    clock.advanceTo(new Date(nextMidnight() + MINUTE).toISOString());
    const after = siteDay();
    expect(after).not.toBe(before);
    await readPage(late);
    expect(await within(3000, async () => (await articleDay(late._id, after)) === 1)).toBe(true);
    expect(await articleDay(late._id, before)).toBe(2);
    const days = (await articleViews(late._id)).body.data.days as { date: string }[];
    expect(days.at(-1)?.date).toBe(after);
    expect(days.at(-2)?.date).toBe(before);
    // The site's daily totals are written by the same flush, but may land a moment later.
    const siteToday = async () => ((await siteViews()).body.data as SiteViews).days.at(-1);
    expect(await within(3000, async () => (await siteToday())?.views === 1)).toBe(true);
    const site = (await siteViews()).body.data as SiteViews;
    expect(site.days.at(-1)).toEqual({ date: after, views: 1 });
    expect(site.days.at(-2)?.views).toBe(9);
  });

  it('keeps a bounded number of referrer hosts a day; the rest, and overlong hosts, as one row', async () => {
    const target = await createNews(ctx, { title: 'Flooded with made-up referrers' });
    const fakes = 230;
    for (let i = 0; i < fakes; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/u/news/${target.slug}`,
        headers: { referer: `https://spam-${i}.example.net/x` },
      });
      expect(res.statusCode).toBe(200);
    }
    await t.app.inject({
      method: 'GET',
      url: `/api/v1/u/news/${target.slug}`,
      headers: { referer: `https://${'a'.repeat(120)}.example.com/` },
    });
    // Not a web page: no host.
    await t.app.inject({
      method: 'GET',
      url: `/api/v1/u/news/${target.slug}`,
      headers: { referer: 'android-app://com.example.reader/' },
    });
    const today = siteDay();
    const rows = async () =>
      t.app.db.kysely
        .selectFrom('analytics_referrer_days')
        .select(['host', 'views'])
        .where('day', '=', today)
        .execute();
    expect(
      await within(3000, async () => {
        const total = (await rows()).reduce((sum, row) => sum + Number(row.views), 0);
        return total === fakes + 1;
      }),
    ).toBe(true);
    const kept = await rows();
    expect(kept.length).toBeLessThanOrEqual(201);
    expect(kept.every((row) => row.host.length <= 100)).toBe(true);
    const rest = kept.find((row) => row.host === '(other)');
    expect(Number(rest?.views)).toBe(fakes + 1 - (kept.length - 1));
    expect(await articleDay(target._id, today)).toBe(fakes + 2);
  });
});

describe('the calls', () => {
  it('answer 400 for a period other than 7, 30 or 90 days, and 30 days when none is named', async () => {
    const news = await createNews(ctx, { title: 'Asked for odd periods' });
    for (const days of ['5', '365', 'abc', '']) {
      const site = await call(t.app, {
        method: 'GET',
        url: `/api/v1/dashboard/views?days=${days}`,
        headers,
      });
      expect(site.status).toBe(400);
      expect(site.body.message).toMatch(/days/);
      const article = await call(t.app, {
        method: 'GET',
        url: `/api/v1/news/${news._id}/views?days=${days}`,
        headers,
      });
      expect(article.status).toBe(400);
    }
    for (const days of [7, 30, 90]) {
      expect((await siteViews(days)).body.data.days).toHaveLength(days);
      expect((await articleViews(news._id, days)).body.data.days).toHaveLength(days);
    }
    const unnamed = await call(t.app, { method: 'GET', url: '/api/v1/dashboard/views', headers });
    expect(unnamed.body.data.days).toHaveLength(30);
  });

  it('answer 404 for an unknown article', async () => {
    const res = await articleViews(randomUUID());
    expect(res.status).toBe(404);
    expect(res.body.statusCode).toBe(404);
  });

  it('show the dashboard’s views to admins and editors only; an article’s to every role', async () => {
    const news = await createNews(ctx, { title: 'Read by every role' });
    for (const role of ['author', 'contributor'] as const) {
      const who = await signIn(role);
      const refused = await siteViews(7, who);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ statusCode: 403, data: null, code: 'FORBIDDEN' });
      expect((await articleViews(news._id, 7, who)).status).toBe(200);
    }
    expect((await siteViews(7, await signIn('editor'))).status).toBe(200);
  });
});
