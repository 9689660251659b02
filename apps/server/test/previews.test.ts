import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewsDto } from '@newsroom/contract';
import { createTaxonomy, newsFields, type NewsContext } from './factories.ts';
import { signedInStaff, type StaffMember } from './fixtures.ts';
import { call, createTestApp, type TestApp } from './helpers.ts';
import { HOUR_MS, MovableClock } from './movable-clock.ts';
import { fakeDist, renders } from './web-dist.ts';
import { cacheKey } from '../src/cache/url-tags.ts';

/*
 * Preview links (decision 113): an editor makes a link to an unpublished article, which anyone
 * holding it opens as the article's page, marked as a preview, never indexed, kept or counted;
 * revoked or expired, it answers 410. Time is the application's clock, moved by the test.
 */

let t: TestApp;
let dist: string;
const clock = new MovableClock();
let editor: StaffMember;
let author: StaffMember;
let otherAuthor: StaffMember;
let contributor: StaffMember;
let ctx: NewsContext;

beforeAll(async () => {
  dist = await fakeDist();
  t = await createTestApp({ WEB_DIST: dist }, { clock });
  editor = await signedInStaff(t.app, 'editor', 'Edna Editor');
  author = await signedInStaff(t.app, 'author', 'Arun Author');
  otherAuthor = await signedInStaff(t.app, 'author', 'Olga Other');
  contributor = await signedInStaff(t.app, 'contributor', 'Cyd Contributor');
  ctx = {
    app: t.app,
    headers: editor.headers,
    taxonomy: await createTaxonomy(t.app, editor.headers),
  };
});
afterAll(async () => {
  await t.close();
  await fs.rm(dist, { recursive: true, force: true });
});

/** An article written by `by` (an editor by default): a draft unless `overrides` say otherwise. */
async function article(overrides: Record<string, unknown> = {}, by: StaffMember = editor) {
  // A second after the last write, so that "now" is past it on a stopped clock too.
  clock.advance(1000);
  const res = await call(t.app, {
    method: 'POST',
    url: '/api/v1/news/create',
    headers: by.headers,
    payload: newsFields(ctx.taxonomy, { draft: true, ...overrides }),
  });
  expect(res.status).toBe(200);
  return res.body.data as NewsDto;
}

const makeLink = (newsId: string, body: object, by: StaffMember = editor) =>
  call(t.app, {
    method: 'POST',
    url: `/api/v1/news/${newsId}/previews`,
    headers: by.headers,
    payload: body,
  });

async function link(newsId: string, hours = 24, by: StaffMember = editor) {
  const res = await makeLink(newsId, { expiresInHours: hours }, by);
  expect(res.status).toBe(200);
  return res.body.data as { _id: string; url: string; expiresAt: string };
}

/** Opens a link as a reader would: no cookie, no credentials. */
const open = (url: string) => t.app.inject({ method: 'GET', url: new URL(url).pathname });

const liveLinks = (newsId: string, by: StaffMember = editor) =>
  call(t.app, { method: 'GET', url: `/api/v1/news/${newsId}/previews`, headers: by.headers });

const revoke = (newsId: string, previewId: string, by: StaffMember = editor) =>
  call(t.app, {
    method: 'DELETE',
    url: `/api/v1/news/${newsId}/previews/${previewId}`,
    headers: by.headers,
  });

const viewsOf = async (newsId: string) =>
  (await call(t.app, { method: 'GET', url: `/api/v1/news/get/${newsId}`, headers: editor.headers }))
    .body.data.views as number;

describe('a preview link', () => {
  it('is made for a draft, valid for the hours asked, with an unguessable token kept only as a hash', async () => {
    const draft = await article({ title: 'Quietly drafted harbour story' });
    const made = await link(draft._id, 48);
    expect(made.expiresAt).toBe(new Date(Date.parse(made.expiresAt)).toISOString());
    expect(Date.parse(made.expiresAt) - clock.now().getTime()).toBeGreaterThan(48 * HOUR_MS - 5000);
    expect(Date.parse(made.expiresAt) - clock.now().getTime()).toBeLessThanOrEqual(48 * HOUR_MS);
    const token = new URL(made.url).pathname.split('/').pop() ?? '';
    expect(made.url).toBe(`http://news.test/preview/${token}`);
    expect(token.length).toBeGreaterThanOrEqual(40);
    const rows = await t.app.db.kysely.selectFrom('news_previews').selectAll().execute();
    const row = rows.find((one) => one.id === made._id);
    expect(row).toMatchObject({ news_id: draft._id, revision_id: null, created_by: editor.id });
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('shows the unpublished article as its page would, marked as a preview, with noindex and no-store', async () => {
    const draft = await article({ title: 'Lanterns over the old quay' });
    const made = await link(draft._id);
    const res = await open(made.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('<h1>Lanterns over the old quay</h1>');
    expect(res.body).toContain('<meta name="robots" content="noindex" />');
    expect(res.body).toMatch(
      /<div role="note" aria-label="Preview"[^>]*>Preview: this article is not published/,
    );
    // Readers still find nothing there.
    expect((await t.app.inject({ method: 'GET', url: `/news/${draft.slug}` })).statusCode).toBe(
      404,
    );
  });

  it('is the very page readers get once the article is published, but for its preview marks', async () => {
    const draft = await article({ title: 'Ferry timetable changes explained' });
    const preview = (await open((await link(draft._id)).url)).body;
    await call(t.app, {
      method: 'PUT',
      url: `/api/v1/news/update/${draft._id}`,
      headers: editor.headers,
      payload: {
        ...newsFields(ctx.taxonomy, { title: draft.title }),
        slug: draft.slug,
        draft: false,
      },
    });
    const published = await t.app.inject({ method: 'GET', url: `/news/${draft.slug}` });
    expect(published.statusCode).toBe(200);
    const unmarked = preview
      .replace('<meta name="robots" content="noindex" />', '')
      .replace(/<div role="note" aria-label="Preview".*?<\/div>/, '');
    expect(unmarked).toBe(published.body);
  });

  it('is never kept: opened again after an edit it shows the edit, and no cache entry holds it', async () => {
    const draft = await article({ title: 'First headline of the draft' });
    const made = await link(draft._id);
    const path = new URL(made.url).pathname;
    expect((await open(made.url)).body).toContain('First headline of the draft');
    const size = t.app.publicCache.size;
    await call(t.app, {
      method: 'PUT',
      url: `/api/v1/news/update/${draft._id}`,
      headers: editor.headers,
      payload: {
        ...newsFields(ctx.taxonomy, { title: 'Second headline of the draft' }),
        slug: draft.slug,
      },
    });
    const before = renders();
    const again = await open(made.url);
    expect(again.body).toContain('Second headline of the draft');
    expect(renders()).toBe(before + 1);
    expect(t.app.publicCache.peekPage(cacheKey(path))).toBeUndefined();
    expect(t.app.publicCache.peekArticle(draft.slug)).toBeUndefined();
    expect(t.app.publicCache.size).toBe(size);
  });

  it('counts no view', async () => {
    const draft = await article({ title: 'A story nobody has read yet' });
    const made = await link(draft._id);
    await open(made.url);
    await open(made.url);
    expect(await viewsOf(draft._id)).toBe(0);
  });

  it('answers 410 from the moment it is revoked, and leaves the live list', async () => {
    const draft = await article({ title: 'Revocable story' });
    const kept = await link(draft._id, 72);
    const revoked = await link(draft._id, 24);
    expect((await liveLinks(draft._id)).body.data.map((row: { _id: string }) => row._id)).toEqual([
      revoked._id,
      kept._id,
    ]);
    const res = await revoke(draft._id, revoked._id);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      _id: revoked._id,
      by: { _id: editor.id, name: 'Edna Editor' },
    });
    const gone = await open(revoked.url);
    expect(gone.statusCode).toBe(410);
    expect(gone.headers['cache-control']).toBe('no-store');
    expect(gone.body).not.toContain('Revocable story');
    expect((await open(kept.url)).statusCode).toBe(200);
    const live = await liveLinks(draft._id);
    expect(live.body.data).toEqual([
      {
        _id: kept._id,
        revisionId: null,
        createdAt: expect.any(String),
        expiresAt: kept.expiresAt,
        by: { _id: editor.id, name: 'Edna Editor' },
      },
    ]);
    // Both acts are in the article's audit trail.
    const entries = await t.app.db.kysely
      .selectFrom('audit_entries')
      .select(['action', 'actor_id'])
      .where('thing_id', '=', draft._id)
      .where('action', 'in', ['preview_link', 'preview_revoke'])
      .execute();
    expect(entries.map((entry) => entry.action).sort()).toEqual([
      'preview_link',
      'preview_link',
      'preview_revoke',
    ]);
  });

  it('answers 410 once it expires, by the application clock', async () => {
    const draft = await article({ title: 'Short-lived preview' });
    const made = await link(draft._id, 1);
    clock.stopAt(new Date(Date.parse(made.expiresAt) - 1).toISOString());
    expect((await open(made.url)).statusCode).toBe(200);
    clock.advance(1);
    const res = await open(made.url);
    expect(res.statusCode).toBe(410);
    expect(res.body).toContain('expired');
    expect((await liveLinks(draft._id)).body.data).toEqual([]);
  });

  it('answers 404 for a token no link has', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/preview/not-a-real-token-at-all' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['x-robots-tag']).toBe('noindex');
  });
});

describe('making a preview link', () => {
  it('refuses more than 168 hours, or no duration, with 400 and writes nothing', async () => {
    const draft = await article();
    for (const body of [
      { expiresInHours: 169 },
      {},
      { expiresInHours: 0 },
      { expiresInHours: 'soon' },
    ]) {
      const res = await makeLink(draft._id, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/expiresInHours/);
    }
    expect((await liveLinks(draft._id)).body.data).toEqual([]);
    expect((await makeLink(draft._id, { expiresInHours: 168 })).status).toBe(200);
  });

  it('answers 404 for an article or a preview that does not exist', async () => {
    expect((await makeLink('no-such-article', { expiresInHours: 1 })).status).toBe(404);
    expect((await liveLinks('no-such-article')).status).toBe(404);
    const draft = await article();
    const res = await revoke(draft._id, 'no-such-preview');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Preview link not found');
    // A link of another article is not this article's.
    const other = await link((await article())._id);
    expect((await revoke(draft._id, other._id)).status).toBe(404);
  });

  it('shows one revision of the article as it was saved then, and 404 for a revision it does not have', async () => {
    const draft = await article({ title: 'Harbour lights first draft' });
    await call(t.app, {
      method: 'PUT',
      url: `/api/v1/news/update/${draft._id}`,
      headers: editor.headers,
      payload: {
        ...newsFields(ctx.taxonomy, { title: 'Harbour lights second draft', draft: true }),
        slug: draft.slug,
      },
    });
    const history = await call(t.app, {
      method: 'GET',
      url: `/api/v1/news/${draft._id}/revisions`,
      headers: editor.headers,
    });
    const first = (history.body.data as { _id: string; number: number }[]).find(
      (revision) => revision.number === 1,
    );
    if (!first) throw new Error('the first revision is missing');
    const res = await makeLink(draft._id, { revisionId: first._id, expiresInHours: 2 });
    expect(res.status).toBe(200);
    const page = await open((res.body.data as { url: string }).url);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Harbour lights first draft</h1>');
    expect(page.body).not.toContain('Harbour lights second draft');
    // The article as saved now, for comparison.
    expect((await open((await link(draft._id)).url)).body).toContain(
      '<h1>Harbour lights second draft</h1>',
    );
    const missing = await makeLink(draft._id, { revisionId: 'some-revision', expiresInHours: 2 });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Revision not found');
  });

  it('refuses an article readers already see with 409', async () => {
    const published = await article({ draft: false });
    const res = await makeLink(published._id, { expiresInHours: 2 });
    expect(res.status).toBe(409);
  });

  it('is for editors and admins on any article, authors on their own, never contributors (403)', async () => {
    const theirs = await article({}, author);
    const others = await article({}, otherAuthor);
    expect((await makeLink(theirs._id, { expiresInHours: 1 }, author)).status).toBe(200);
    expect((await liveLinks(theirs._id, author)).status).toBe(200);
    const refusals = [
      await makeLink(others._id, { expiresInHours: 1 }, author),
      await liveLinks(others._id, author),
      await makeLink(theirs._id, { expiresInHours: 1 }, contributor),
      await liveLinks(theirs._id, contributor),
    ];
    for (const res of refusals) {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ statusCode: 403, data: null, code: 'FORBIDDEN' });
    }
    const made = await link(others._id, 1, editor);
    const refused = await revoke(others._id, made._id, author);
    expect(refused.status).toBe(403);
    expect((await open(made.url)).statusCode).toBe(200);
  });
});
