import type { KyselyPlugin, PluginTransformQueryArgs } from 'kysely';
import type { NewsDto, Role, StaffRef } from '@newsroom/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { NewsReads } from '../src/news/reads.ts';
import { systemClock } from '../src/domain/clock.ts';
import { createTaxonomy, newsFields, type AuthHeaders, type Taxonomy } from './factories.ts';
import { signedInStaff } from './fixtures.ts';
import { call, createTestApp, type TestApp } from './helpers.ts';

/*
 * Bylines (decision 103): every article read names its authors in order, read in one query per
 * page; writes take `authorIds`, by default the creator, and only editors and admins name others;
 * a person's page, its API answer, its feed and the sitemap list their public articles.
 */

interface Person {
  id: string;
  slug: string;
  name: string;
  headers: AuthHeaders;
}

let t: TestApp;
let taxonomy: Taxonomy;
let admin: Person;
let editor: Person;
let author: Person;
let contributor: Person;
let other: Person;

const person = (role: Role, name: string): Promise<Person> => signedInStaff(t.app, role, name);

const ref = (p: Person): StaffRef => ({ _id: p.id, name: p.name, slug: p.slug });

async function create(as: Person, overrides: Record<string, unknown> = {}) {
  return call(t.app, {
    method: 'POST',
    url: '/api/v1/news/create',
    headers: as.headers,
    payload: newsFields(taxonomy, overrides),
  });
}

async function created(as: Person, overrides: Record<string, unknown> = {}): Promise<NewsDto> {
  const res = await create(as, overrides);
  expect(res.status, res.body.message).toBe(200);
  return res.body.data as NewsDto;
}

const update = (as: Person, news: NewsDto, overrides: Record<string, unknown>) =>
  call(t.app, {
    method: 'PUT',
    url: `/api/v1/news/update/${news._id}`,
    headers: as.headers,
    payload: newsFields(taxonomy, { slug: news.slug, ...overrides }),
  });

const authorsInDatabase = async (id: string) =>
  (
    await t.app.db.kysely
      .selectFrom('news_authors')
      .select('staff_id')
      .where('news_id', '=', id)
      .orderBy('position')
      .execute()
  ).map((row) => row.staff_id);

beforeAll(async () => {
  t = await createTestApp();
  admin = await person('admin', 'Asha Admin');
  editor = await person('editor', 'Chandra Editor');
  author = await person('author', 'Dev Author');
  contributor = await person('contributor', 'Esha Contributor');
  other = await person('author', 'Farah Writer');
  taxonomy = await createTaxonomy(t.app, admin.headers);
});
afterAll(() => t?.close());

describe('authors on every article read', () => {
  it('names the creator by default, on the admin and public reads alike', async () => {
    const news = await created(author, { title: 'A story by one author' });
    expect(news.authors).toEqual([ref(author)]);
    const one = await call(t.app, {
      method: 'GET',
      url: `/api/v1/news/get/${news._id}`,
      headers: admin.headers,
    });
    expect(one.body.data.authors).toEqual([ref(author)]);
    const list = await call(t.app, {
      method: 'GET',
      url: '/api/v1/news/get?page=1&limit=50',
      headers: admin.headers,
    });
    const row = (list.body.data.data as NewsDto[]).find((n) => n._id === news._id);
    expect(row?.authors).toEqual([ref(author)]);
    const read = await call(t.app, { method: 'GET', url: `/api/v1/u/news/${news.slug}` });
    expect(read.body.data[0].authors).toEqual([ref(author)]);
    for (const url of [
      '/api/v1/u/get?page=1&limit=50',
      '/api/v1/u/latest?limit=20',
      `/api/v1/u/related-news?category=${encodeURIComponent(taxonomy.names.category)}`,
    ]) {
      const res = await call(t.app, { method: 'GET', url });
      const found = (res.body.data as NewsDto[]).find((n) => n._id === news._id);
      expect(found?.authors, url).toEqual([ref(author)]);
    }
  });

  it("reads the authors of a page of 20 articles in the page's own statement", async () => {
    for (let i = 0; i < 20; i += 1) await created(editor, { authorIds: [editor.id, other.id] });
    // The statements run: a subquery is transformed too, but only a statement has a result.
    const built = new Map<unknown, string>();
    const queries: string[] = [];
    const counting: KyselyPlugin = {
      transformQuery: (args: PluginTransformQueryArgs) => {
        built.set(args.queryId, JSON.stringify(args.node));
        return args.node;
      },
      transformResult: async (args) => {
        queries.push(built.get(args.queryId) ?? '');
        return args.result;
      },
    };
    const db = t.app.db.kysely.withPlugin(counting);
    const reads = new NewsReads(db, storageOf(), systemClock);
    const page = await reads.publicList({}, { page: 1, limit: 20 });
    expect(page.data).toHaveLength(20);
    expect(page.data.every((n) => n.authors.length > 0)).toBe(true);
    // The page and its count: the authors come with the page's rows, never in a query per row
    // nor in one more round trip.
    expect(queries).toHaveLength(2);
    expect(queries.filter((q) => q.includes('news_authors'))).toHaveLength(1);
  });
});

/** The media store of the app, for reads made beside it. */
function storageOf() {
  return { url: (key: string) => `/uploads/${key}` } as never;
}

describe('authorIds on writes', () => {
  it('takes a list or comma text, in order, from an editor or an admin', async () => {
    const listed = await created(editor, { authorIds: [other.id, author.id] });
    expect(listed.authors).toEqual([ref(other), ref(author)]);
    expect(await authorsInDatabase(listed._id)).toEqual([other.id, author.id]);
    const res = await update(admin, listed, { authorIds: `${author.id}, ${contributor.id}` });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.authors).toEqual([ref(author), ref(contributor)]);
  });

  it('keeps the authors when an update names none', async () => {
    const news = await created(editor, { authorIds: [other.id] });
    const res = await update(editor, news, { title: 'A new title for this story' });
    expect(res.status).toBe(200);
    expect(res.body.data.authors).toEqual([ref(other)]);
  });

  it('refuses people who are not active staff with 400, and changes nothing', async () => {
    const news = await created(editor, { authorIds: [other.id] });
    const unknown = await update(editor, news, { authorIds: [other.id, 'nobody'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('nobody');
    const suspended = await person('author', 'Gita Suspended');
    await call(t.app, {
      method: 'PUT',
      url: `/api/v1/staff/${suspended.id}`,
      headers: admin.headers,
      payload: { status: 'suspended' },
    });
    const refused = await create(editor, { authorIds: [suspended.id] });
    expect(refused.status).toBe(400);
    const empty = await update(editor, news, { authorIds: '' });
    expect(empty.status).toBe(400);
    const twice = await update(editor, news, { authorIds: [other.id, other.id] });
    expect(twice.status).toBe(400);
    expect(await authorsInDatabase(news._id)).toEqual([other.id]);
  });

  it('lets authors and contributors name only themselves (403 otherwise), changing nothing', async () => {
    const before = await t.app.db.kysely
      .selectFrom('news')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const byAuthor = await create(author, { authorIds: [author.id, other.id] });
    expect(byAuthor.status).toBe(403);
    expect(byAuthor.body.message).toMatch(/editor or an admin/);
    const byContributor = await create(contributor, { draft: true, authorIds: [other.id] });
    expect(byContributor.status).toBe(403);
    const after = await t.app.db.kysely
      .selectFrom('news')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));

    const own = await created(author, { authorIds: [author.id] });
    expect(own.authors).toEqual([ref(author)]);
    const same = await update(author, own, { authorIds: [author.id] });
    expect(same.status).toBe(200);
    const changed = await update(author, own, { authorIds: [author.id, other.id] });
    expect(changed.status).toBe(403);
    expect(await authorsInDatabase(own._id)).toEqual([author.id]);
  });

  it('makes a co-author named by an editor an owner of the article', async () => {
    const news = await created(editor, { authorIds: [editor.id] });
    expect((await update(other, news, { title: 'Edited by a stranger' })).status).toBe(403);
    expect((await update(editor, news, { authorIds: [editor.id, other.id] })).status).toBe(200);
    const res = await update(other, news, { title: 'Edited by its co-author' });
    expect(res.status, res.body.message).toBe(200);
  });
});

describe('a person’s page, its API answer, feed and sitemap', () => {
  let page: Person;
  let published: NewsDto[];
  let draft: NewsDto;

  beforeAll(async () => {
    page = await person('author', 'Hari Paged');
    await t.app.db.kysely
      .updateTable('admins')
      .set({ bio: 'Covers the harbour.', links: JSON.stringify(['https://example.com/hari']) })
      .where('id', '=', page.id)
      .execute();
    published = [];
    for (let i = 0; i < 8; i += 1) {
      published.push(await created(page, { title: `Harbour report number ${i + 1}` }));
    }
    draft = await created(page, { title: 'A harbour draft not yet out', draft: true });
  });

  it('answers the person and their public articles, six a page, newest first, with the count', async () => {
    const res = await call(t.app, { method: 'GET', url: `/api/v1/u/author/${page.slug}` });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ statusCode: 200, count: 8 });
    expect(res.body.data.author).toEqual({
      name: 'Hari Paged',
      slug: page.slug,
      bio: 'Covers the harbour.',
      pictureURL: null,
      links: ['https://example.com/hari'],
    });
    const news = res.body.data.news as NewsDto[];
    expect(news.map((n) => n._id)).toEqual(
      published
        .slice(-6)
        .reverse()
        .map((n) => n._id),
    );
    const second = await call(t.app, {
      method: 'GET',
      url: `/api/v1/u/author/${page.slug.toUpperCase()}?page=2&limit=6`,
    });
    expect((second.body.data.news as NewsDto[]).map((n) => n._id)).toEqual(
      published
        .slice(0, 2)
        .reverse()
        .map((n) => n._id),
    );
    expect(JSON.stringify(res.body)).not.toContain(draft._id);
  });

  it('answers 404 with the envelope for a slug no one has', async () => {
    const res = await call(t.app, { method: 'GET', url: '/api/v1/u/author/no-such-person' });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ statusCode: 404, message: expect.any(String) });
  });

  it('serves an RSS feed of the person’s articles, 404 for an unknown slug', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/author/${page.slug}/rss.xml` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/rss+xml');
    expect(res.body).toContain('<title>Newsroom: Hari Paged</title>');
    expect(res.body).toContain(`/author/${page.slug}</link>`);
    expect(res.body.match(/<item>/g)).toHaveLength(8);
    expect(res.body).not.toContain(draft.slug);
    const missing = await t.app.inject({ method: 'GET', url: '/author/no-such-person/rss.xml' });
    expect(missing.statusCode).toBe(404);
  });

  it('lists in the sitemap the pages of people with public articles only', async () => {
    const lonely = await person('author', 'Ira Unpublished');
    await created(lonely, { title: 'Only a draft by Ira', draft: true });
    const index = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(index.body).toContain('/sitemaps/authors.xml');
    const res = await t.app.inject({ method: 'GET', url: '/sitemaps/authors.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`/author/${page.slug}</loc>`);
    expect(res.body).not.toContain(`/author/${lonely.slug}<`);
  });

  it('lists a person’s new article in their API answer and feed within a second (rebuilt when next read)', async () => {
    await call(t.app, { method: 'GET', url: `/api/v1/u/author/${page.slug}` });
    await t.app.inject({ method: 'GET', url: `/author/${page.slug}/rss.xml` });
    const fresh = await created(page, { title: 'The newest harbour report' });
    await vi.waitFor(
      async () => {
        const res = await call(t.app, { method: 'GET', url: `/api/v1/u/author/${page.slug}` });
        expect(res.body.count).toBe(9);
        expect(res.body.data.news[0]._id).toBe(fresh._id);
      },
      { timeout: 1_500 },
    );
    await vi.waitFor(
      async () => {
        const feed = await t.app.inject({ method: 'GET', url: `/author/${page.slug}/rss.xml` });
        expect(feed.body).toContain(fresh.slug);
      },
      { timeout: 1_500 },
    );
  });
});
