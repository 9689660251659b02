import type { NewsDto } from '@newsroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTaxonomy, newsFields, type Taxonomy } from './factories.ts';
import { signedInStaff, type StaffMember } from './fixtures.ts';
import { call, createTestApp, type TestApp } from './helpers.ts';
import { MovableClock } from './movable-clock.ts';

/*
 * A person's page reads their bylines' own index and counts a figure kept by triggers (decision
 * 134): after every kind of change of an article or its bylines, the page lists exactly the
 * person's public articles, newest first, and its count says how many (read apart from the list,
 * from the figure less the scheduled ones). The authors' sitemap dates a page by what it shows.
 */

const MINUTE = 60_000;
const clock = new MovableClock();
let t: TestApp;
let taxonomy: Taxonomy;
let editor: StaffMember;
let pat: StaffMember;
let quinn: StaffMember;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  editor = await signedInStaff(t.app, 'editor', 'Esme Editor');
  pat = await signedInStaff(t.app, 'author', 'Pat Bylined');
  quinn = await signedInStaff(t.app, 'author', 'Quinn Bylined');
  taxonomy = await createTaxonomy(t.app, editor.headers);
});
afterAll(() => t?.close());

/** A write a second after the last, by the editor (who may name anyone as author). */
async function write(fields: Record<string, unknown>, id?: string): Promise<NewsDto> {
  clock.advance(1000);
  const res = await call(t.app, {
    method: id ? 'PUT' : 'POST',
    url: id ? `/api/v1/news/update/${id}` : '/api/v1/news/create',
    headers: editor.headers,
    payload: newsFields(taxonomy, fields),
  });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data as NewsDto;
}

/** Every page of the person's API answer: the slugs listed, in order, and each page's count. */
async function authorPages(person: StaffMember) {
  const slugs: string[] = [];
  const counts = new Set<number>();
  for (let page = 1; page < 10; page += 1) {
    const res = await call(t.app, {
      method: 'GET',
      url: `/api/v1/u/author/${person.slug}?page=${page}&limit=2`,
    });
    expect(res.status).toBe(200);
    counts.add(res.body.count as number);
    const news = res.body.data.news as NewsDto[];
    if (news.length === 0) break;
    slugs.push(...news.map((n) => n.slug));
  }
  return { slugs, counts: [...counts] };
}

/** The person's page lists exactly `expected` (newest first) and counts as many. */
async function expectPage(person: StaffMember, expected: NewsDto[]) {
  const newestFirst = [...expected]
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .map((n) => n.slug);
  // Lists are rebuilt within a second of a write (decision 133): past it, they are current.
  clock.advance(1000);
  await new Promise((resolve) => setTimeout(resolve, 1100));
  expect(await authorPages(person)).toEqual({ slugs: newestFirst, counts: [expected.length] });
}

describe('a person’s page after every change of their articles', () => {
  let a1: NewsDto;
  let a2: NewsDto;
  let draft: NewsDto;
  let scheduled: NewsDto;
  let quinns: NewsDto[] = [];

  it('lists public articles, not drafts, inactive or scheduled ones', async () => {
    a1 = await write({ title: 'First public story', authorIds: [pat.id] });
    a2 = await write({ title: 'Second public story', authorIds: [pat.id] });
    draft = await write({ title: 'A draft story', authorIds: [pat.id], draft: true });
    await write({ title: 'An inactive story', authorIds: [pat.id], status: false });
    scheduled = await write({
      title: 'A scheduled story',
      authorIds: [pat.id],
      publishAt: new Date(clock.now().getTime() + 10 * MINUTE).toISOString(),
    });
    await expectPage(pat, [a1, a2]);
  });

  it('takes in a published draft and a scheduled article at its time', async () => {
    const published = await write({ slug: draft.slug, draft: false }, draft._id);
    await expectPage(pat, [a1, a2, published]);
    clock.advance(10 * MINUTE);
    await expectPage(pat, [a1, a2, published, scheduled]);
    draft = published;
  });

  it('follows a new publication time, a deactivation and a deletion', async () => {
    const older = await write(
      { slug: a2.slug, publishAt: new Date(Date.parse(a1.createdAt) - MINUTE).toISOString() },
      a2._id,
    );
    expect(older.createdAt < a1.createdAt).toBe(true);
    await expectPage(pat, [a1, older, draft, scheduled]);
    await write({ slug: draft.slug, status: false }, draft._id);
    await expectPage(pat, [a1, older, scheduled]);
    clock.advance(1000);
    const deleted = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/news/delete/${scheduled._id}`,
      headers: editor.headers,
    });
    expect(deleted.status).toBe(200);
    await expectPage(pat, [a1, older]);
    a2 = older;
  });

  it('moves with bylines changed, shared, and handed over when a person is removed', async () => {
    const moved = await write({ slug: a1.slug, authorIds: [quinn.id] }, a1._id);
    await expectPage(pat, [a2]);
    await expectPage(quinn, [moved]);
    const shared = await write({ slug: a2.slug, authorIds: [pat.id, quinn.id] }, a2._id);
    await expectPage(pat, [shared]);
    await expectPage(quinn, [moved, shared]);
    const own = await write({ title: 'Pat’s own story', authorIds: [pat.id] });
    clock.advance(1000);
    const admin = await signedInStaff(t.app, 'admin', 'Ada Admin');
    const removed = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/staff/${pat.id}?transferTo=${quinn.id}`,
      headers: admin.headers,
    });
    expect(removed.status, removed.body.message).toBe(200);
    // The shared article keeps one byline of Quinn's; Pat's own becomes Quinn's.
    quinns = [moved, shared, own];
    await expectPage(quinn, quinns);
    const gone = await call(t.app, { method: 'GET', url: `/api/v1/u/author/${pat.slug}` });
    expect(gone.status).toBe(404);
  });

  it('dates a person’s page in the authors’ sitemap by the articles it shows', async () => {
    const newest = quinns.reduce((a, b) => (a.createdAt > b.createdAt ? a : b));
    const edited = await write(
      { slug: newest.slug, title: 'A retitled story', authorIds: [quinn.id] },
      newest._id,
    );
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemaps/authors.xml' });
    expect(sitemap.body).toContain(
      `/author/${quinn.slug}</loc><lastmod>${edited.updatedAt}</lastmod>`,
    );
    expect(sitemap.body).not.toContain(`/author/${pat.slug}<`);
  });
});
