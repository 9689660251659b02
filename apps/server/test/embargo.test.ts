import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { NewsDto } from '@newsroom/contract';
import { createTaxonomy, newsFields, type NewsContext } from './factories.ts';
import { signedInStaff, type StaffMember } from './fixtures.ts';
import { call, createTestApp, type TestApp } from './helpers.ts';
import { MovableClock } from './movable-clock.ts';
import { fakeDist } from './web-dist.ts';

/*
 * The embargo (decision 114): a scheduled article is in no public answer a moment before its
 * time — feed, sitemap, search, related list, API answer, page or cache entry — and in all of them
 * from that instant, though every answer was kept by the public cache before it. Beyond
 * scheduled-publishing.test.ts: its author's page, API answer, feed and sitemap, the news
 * sitemap, the section feeds and list pages, the shared 'Read this also' part, a former slug,
 * the view beacon, and an article already public taken back under embargo by a new time.
 */

const MINUTE = 60_000;

let t: TestApp;
let dist: string;
const clock = new MovableClock();
let reporter: StaffMember;
let ctx: NewsContext;
let neighbour: NewsDto;

beforeAll(async () => {
  dist = await fakeDist();
  t = await createTestApp({ WEB_DIST: dist }, { clock });
  const editor = await signedInStaff(t.app, 'editor', 'Esme Editor');
  reporter = await signedInStaff(t.app, 'author', 'Rhea Reporter');
  ctx = {
    app: t.app,
    headers: editor.headers,
    taxonomy: await createTaxonomy(t.app, editor.headers),
  };
  neighbour = await write(reporter, { title: 'Already public neighbour story' });
});
afterAll(async () => {
  await t.close();
  await fs.rm(dist, { recursive: true, force: true });
});

/** A write a second after the last, so that a write "now" is public at once on a stopped clock. */
async function write(by: StaffMember, fields: Record<string, unknown>, id?: string) {
  clock.advance(1000);
  const res = await call(t.app, {
    method: id ? 'PUT' : 'POST',
    url: id ? `/api/v1/news/update/${id}` : '/api/v1/news/create',
    headers: by.headers,
    payload: newsFields(ctx.taxonomy, fields),
  });
  expect(res.status).toBe(200);
  return res.body.data as NewsDto;
}

/** Every body read by `shows`, to look for the article's time in any of them. */
let bodies: string[] = [];
const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  bodies.push(res.body);
  return res;
};
const text = async (url: string) => (await get(url)).body;
const json = async (url: string) => (await get(url)).json();

/** Where the article with `slug` and `title`, by `person`, shows to readers; each a yes or no. */
async function shows(slug: string, title: string, person: StaffMember, at?: string | null) {
  bodies = [];
  const link = `/news/${slug}<`;
  const { category, subcategory } = ctx.taxonomy.names;
  const section = encodeURIComponent(category);
  const sub = `${section}/${encodeURIComponent(subcategory)}`;
  const titled = (body: string) => body.includes(title);
  const listed = (body: { data: NewsDto[] }) => body.data.some((news) => news.slug === slug);
  const authorApi = await json(`/api/v1/u/author/${person.slug}`);
  const monthFiles = [...(await text('/sitemap.xml')).matchAll(/\/sitemaps\/news-[^<]+/g)];
  const months = await Promise.all(monthFiles.map((file) => text(file[0])));
  return {
    apiArticle: (await get(`/api/v1/u/news/${slug}`)).statusCode === 200,
    beacon: (await get(`/api/v1/u/news/${slug}/view`)).statusCode === 204,
    apiList: listed(await json(`/api/v1/u/get?category=${section}`)),
    apiLatest: listed(await json('/api/v1/u/latest')),
    apiRelated: listed(await json(`/api/v1/u/related-news?category=${section}`)),
    apiSearch: listed(await json(`/api/v1/u/search?q=${encodeURIComponent(title)}`)),
    apiAuthor: authorApi.data.news.some((news: NewsDto) => news.slug === slug),
    authorCount: authorApi.count as number,
    page: (await get(`/news/${slug}`)).statusCode === 200,
    home: titled(await text('/')),
    sectionPage: titled(await text(`/${section}`)),
    subsectionPage: titled(await text(`/${sub}`)),
    readAlso: titled(await text(`/news/${neighbour.slug}`)),
    rss: (await text('/rss.xml')).includes(link),
    sectionRss: (await text(`/${section}/rss.xml`)).includes(link),
    subsectionRss: (await text(`/${sub}/rss.xml`)).includes(link),
    authorRss: (await text(`/author/${person.slug}/rss.xml`)).includes(link),
    sitemap: months.some((month) => month.includes(link)),
    newsSitemap: (await text('/news-sitemap.xml')).includes(link),
    // Its publication time, to the millisecond, as the API and the sitemaps write times.
    time: at ? bodies.some((body) => body.includes(at)) : false,
  };
}

const everywhere = (value: boolean) => ({
  apiArticle: value,
  beacon: value,
  apiList: value,
  apiLatest: value,
  apiRelated: value,
  apiSearch: value,
  apiAuthor: value,
  page: value,
  home: value,
  sectionPage: value,
  subsectionPage: value,
  readAlso: value,
  rss: value,
  sectionRss: value,
  subsectionRss: value,
  authorRss: value,
  sitemap: value,
  newsSitemap: value,
  time: value,
});

describe('a scheduled article under embargo', () => {
  let scheduled: NewsDto;
  let newcomer: StaffMember;

  it('shows nowhere before its time, though every answer is kept', async () => {
    // A person whose only article is the scheduled one: no page in the authors' sitemap yet.
    newcomer = await signedInStaff(t.app, 'author', 'Nadia Newcomer');
    scheduled = await write(newcomer, {
      title: 'Embargoed tidal barrier verdict',
      publishAt: new Date(clock.now().getTime() + 10 * MINUTE).toISOString(),
    });
    expect(await shows(scheduled.slug, scheduled.title, newcomer, scheduled.publishAt)).toEqual({
      ...everywhere(false),
      authorCount: 0,
    });
    expect((await get('/sitemaps/authors.xml')).body).not.toContain(`/author/${newcomer.slug}<`);
    // The answers are kept now: the next reads come from the cache.
    const builds = t.app.publicCache.counts.builds;
    await text('/rss.xml');
    await text(`/api/v1/u/author/${newcomer.slug}`);
    expect(t.app.publicCache.counts.builds).toBe(builds);
  });

  it('still shows nowhere a millisecond before its time', async () => {
    clock.stopAt(new Date(Date.parse(scheduled.publishAt ?? '') - 1).toISOString());
    expect(await shows(scheduled.slug, scheduled.title, newcomer, scheduled.publishAt)).toEqual({
      ...everywhere(false),
      authorCount: 0,
    });
  });

  it('shows everywhere from its very instant, no kept answer holding it back', async () => {
    clock.advance(1);
    expect(await shows(scheduled.slug, scheduled.title, newcomer, scheduled.publishAt)).toEqual({
      ...everywhere(true),
      authorCount: 1,
    });
    expect(await text('/sitemaps/authors.xml')).toContain(`/author/${newcomer.slug}<`);
  });
});

describe('an article readers already see, given a later time', () => {
  let article: NewsDto;

  it('leaves its own answers at once and every list within a second, kept ones included', async () => {
    article = await write(reporter, { title: 'Harbour festival programme announced' });
    const published = article;
    await vi.waitFor(
      async () =>
        expect(await shows(published.slug, published.title, reporter, published.publishAt)).toEqual(
          { ...everywhere(true), authorCount: 2 },
        ),
      { timeout: 1_500 },
    );
    const later = new Date(clock.now().getTime() + 30 * MINUTE).toISOString();
    article = await write(
      reporter,
      { title: article.title, slug: article.slug, publishAt: later },
      article._id,
    );
    expect(article.publishAt).toBe(later);
    // Its page and API answer at once; the API's lists and the feeds once rebuilt (decision 133).
    const { apiArticle, beacon, page } = await shows(article.slug, article.title, reporter, later);
    expect({ apiArticle, beacon, page }).toEqual({ apiArticle: false, beacon: false, page: false });
    await vi.waitFor(
      async () =>
        expect(await shows(article.slug, article.title, reporter, later)).toEqual({
          ...everywhere(false),
          authorCount: 1,
        }),
      { timeout: 1_500 },
    );
  });

  it('and a former slug does not lead to it before its time', async () => {
    const renamed = await write(
      reporter,
      {
        title: article.title,
        slug: 'harbour-festival-programme-renamed',
        publishAt: article.publishAt,
      },
      article._id,
    );
    const old = await get(`/news/${article.slug}`);
    expect(old.statusCode).toBe(404);
    expect(old.headers.location).toBeUndefined();
    expect(old.body).not.toContain(renamed.slug);
    clock.advanceTo(renamed.publishAt ?? '');
    const moved = await get(`/news/${article.slug}`);
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(`/news/${renamed.slug}`);
    expect(await shows(renamed.slug, renamed.title, reporter, renamed.publishAt)).toEqual({
      ...everywhere(true),
      authorCount: 2,
    });
  });
});
