import { randomUUID } from 'node:crypto';
import type { NewsDto } from '@newsroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTaxonomy, multipart, newsFields, type Taxonomy } from './factories.ts';
import { signedInStaff, type StaffMember } from './fixtures.ts';
import { call, createTestApp, type TestApp } from './helpers.ts';
import { MovableClock } from './movable-clock.ts';

/*
 * An article's history (decisions 108, 109): a revision for every save, listed newest first, read
 * whole, compared word by word and restored as a new revision; a private autosave per person; the
 * revisions of a deleted article kept for admins until the retention setting says otherwise.
 */

const clock = new MovableClock();
let t: TestApp;
let taxonomy: Taxonomy;
let admin: StaffMember;
let editor: StaffMember;
let otherEditor: StaffMember;
let author: StaffMember;
let contributor: StaffMember;

const BODY = `<p>${'The river rose through the night and the town kept watch. '.repeat(6)}</p>`;
const EDITED_BODY = BODY.replace('kept watch', 'stood guard');

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  admin = await signedInStaff(t.app, 'admin', 'Asha Admin');
  editor = await signedInStaff(t.app, 'editor', 'Chandra Editor');
  otherEditor = await signedInStaff(t.app, 'editor', 'Gita Editor');
  author = await signedInStaff(t.app, 'author', 'Dev Author');
  contributor = await signedInStaff(t.app, 'contributor', 'Esha Contributor');
  taxonomy = await createTaxonomy(t.app, admin.headers);
});
afterAll(() => t?.close());

async function created(as: StaffMember, overrides: Record<string, unknown> = {}) {
  const res = await call(t.app, {
    method: 'POST',
    url: '/api/v1/news/create',
    headers: as.headers,
    payload: newsFields(taxonomy, { description: BODY, ...overrides }),
  });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data as NewsDto;
}

async function updated(as: StaffMember, news: NewsDto, overrides: Record<string, unknown>) {
  const res = await call(t.app, {
    method: 'PUT',
    url: `/api/v1/news/update/${news._id}`,
    headers: as.headers,
    payload: newsFields(taxonomy, { slug: news.slug, description: BODY, ...overrides }),
  });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data as NewsDto;
}

const get = (as: StaffMember, url: string) =>
  call(t.app, { method: 'GET', url: `/api/v1${url}`, headers: as.headers });

async function history(as: StaffMember, newsId: string, query = '') {
  const res = await get(as, `/news/${newsId}/revisions${query}`);
  expect(res.status, res.body.message).toBe(200);
  return res.body as {
    data: { _id: string; number: number; kind: string; stage: string; by: { name: string } }[];
    count: number;
  };
}

describe('a revision for every save', () => {
  it('keeps the create, an update and the original front end’s multipart update, newest first', async () => {
    const news = await created(editor, { draft: true });
    await updated(editor, news, { title: 'City council approves the new bridge', draft: false });
    const form = await multipart({
      ...newsFields(taxonomy, { slug: news.slug, description: BODY }),
      title: 'City council approves the new tunnel',
      image: 'undefined',
      status: 'true',
    });
    const res = await call(t.app, {
      method: 'PUT',
      url: `/api/v1/news/update/${news._id}`,
      payload: form.payload,
      headers: { ...admin.headers, ...form.headers, origin: 'http://localhost:5173' },
    });
    expect(res.status, res.body.message).toBe(200);

    const { data, count } = await history(editor, news._id);
    expect(count).toBe(3);
    expect(data.map((r) => [r.number, r.kind, r.stage, r.by.name])).toEqual([
      [3, 'save', 'published', 'Asha Admin'],
      [2, 'save', 'published', 'Chandra Editor'],
      [1, 'save', 'draft', 'Chandra Editor'],
    ]);
  });

  it('pages the list', async () => {
    const news = await created(editor);
    await updated(editor, news, { title: 'Second title of the story' });
    await updated(editor, news, { title: 'Third title of the story' });
    const first = await history(editor, news._id, '?page=1&limit=2');
    const second = await history(editor, news._id, '?page=2&limit=2');
    expect(first.data.map((r) => r.number)).toEqual([3, 2]);
    expect(second.data.map((r) => r.number)).toEqual([1]);
    expect([first.count, second.count]).toEqual([3, 3]);
  });

  it('answers every field of one revision as it was saved', async () => {
    const news = await created(editor, { tags: ['flood', 'river'], authorIds: [author.id] });
    await updated(editor, news, { title: 'A later title of the story', tags: ['later'] });
    const { data } = await history(editor, news._id);
    const first = data.find((r) => r.number === 1);
    const res = await get(editor, `/news/${news._id}/revisions/${first?._id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      number: 1,
      kind: 'save',
      title: 'City council approves the new park',
      slug: news.slug,
      metaDescription: 'The council voted for a new park by the river.',
      description: BODY,
      tags: ['flood', 'river'],
      category: { _id: taxonomy.categoryId, name: taxonomy.names.category },
      subCategory: { _id: taxonomy.subCategoryId, name: taxonomy.names.subcategory },
      publisher: { _id: taxonomy.publisherId, name: taxonomy.names.publisher },
      anchor: { _id: taxonomy.anchorId, name: taxonomy.names.anchor },
      alt: 'A green park',
      videoURL: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      status: true,
      draft: false,
      authors: [{ _id: author.id, name: 'Dev Author' }],
    });
  });
});

describe('comparing two revisions', () => {
  it('marks the words removed and added in the title and the body’s text', async () => {
    const news = await created(editor);
    await updated(editor, news, {
      title: 'City council rejects the new park',
      description: EDITED_BODY,
    });
    const [to, from] = (await history(editor, news._id)).data;
    const res = await get(
      editor,
      `/news/${news._id}/revisions/compare?from=${from?._id}&to=${to?._id}`,
    );
    expect(res.status).toBe(200);
    const fields = res.body.data.fields as {
      field: string;
      changes: { op: string; text: string }[];
    }[];
    const field = (name: string) => fields.find((f) => f.field === name)?.changes ?? [];
    const changed = (name: string) =>
      field(name)
        .filter((c) => c.op !== 'equal')
        .map((c) => [c.op, c.text.trim()]);
    expect(changed('title')).toEqual([
      ['delete', 'approves'],
      ['insert', 'rejects'],
    ]);
    expect(changed('body')).toEqual([
      ['delete', 'kept watch'],
      ['insert', 'stood guard'],
    ]);
    // The body is compared as its text, never its markup.
    expect(field('body').some((c) => c.text.includes('<p>'))).toBe(false);
    expect(field('slug')).toEqual([{ op: 'equal', text: news.slug }]);
  });

  it('answers 404 for a revision of another article and 400 without both ids', async () => {
    const one = await created(editor);
    const other = await created(editor);
    const [mine] = (await history(editor, one._id)).data;
    const [theirs] = (await history(editor, other._id)).data;
    const res = await get(
      editor,
      `/news/${one._id}/revisions/compare?from=${mine?._id}&to=${theirs?._id}`,
    );
    expect(res.status).toBe(404);
    const missing = await get(editor, `/news/${one._id}/revisions/compare?from=${mine?._id}`);
    expect(missing.status).toBe(400);
  });
});

describe('restoring a revision', () => {
  it('saves its content as a new revision of kind restore, audited as an update', async () => {
    const news = await created(editor, { tags: ['first'] });
    await updated(editor, news, {
      title: 'An entirely new headline here',
      description: EDITED_BODY,
      tags: ['second'],
    });
    const [, first] = (await history(editor, news._id)).data;
    const res = await call(t.app, {
      method: 'POST',
      url: `/api/v1/news/${news._id}/revisions/${first?._id}/restore`,
      headers: editor.headers,
    });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data).toMatchObject({
      _id: news._id,
      title: 'City council approves the new park',
      description: BODY,
      tags: ['first'],
    });
    const after = await history(editor, news._id);
    expect(after.count).toBe(3);
    expect(after.data[0]).toMatchObject({ number: 3, kind: 'restore' });
    const read = await get(editor, `/news/get/${news._id}`);
    expect(read.body.data).toMatchObject({
      title: 'City council approves the new park',
      description: BODY,
    });
    const audit = await get(admin, `/audit?kind=news&action=update&limit=100`);
    const entries = (audit.body.data as { thingId: string; changes: { field: string }[] }[]).filter(
      (entry) => entry.thingId === news._id,
    );
    expect(entries).toHaveLength(2);
    expect(entries[0]?.changes.map((c) => c.field)).toEqual(
      expect.arrayContaining(['title', 'body', 'tags']),
    );
  });
});

describe('autosave', () => {
  const autosave = (as: StaffMember, newsId: string, fields: Record<string, unknown>) =>
    call(t.app, {
      method: 'PUT',
      url: `/api/v1/news/${newsId}/autosave`,
      headers: as.headers,
      payload: fields,
    });

  it('keeps a private copy for its owner alone, never touching the article or the public', async () => {
    const news = await created(editor);
    const res = await autosave(editor, news._id, {
      title: 'Unfinished',
      description: '<p>half a thought</p>',
    });
    expect(res.status, res.body.message).toBe(200);

    const mine = await get(editor, `/news/${news._id}/autosave`);
    expect(mine.body.data).toMatchObject({
      fields: { title: 'Unfinished', description: '<p>half a thought</p>' },
    });
    const theirs = await get(otherEditor, `/news/${news._id}/autosave`);
    expect(theirs.status).toBe(200);
    expect(theirs.body.data).toBeNull();

    const live = await get(editor, `/news/get/${news._id}`);
    expect(live.body.data.title).toBe('City council approves the new park');
    const page = await call(t.app, { method: 'GET', url: `/api/v1/u/news/${news.slug}` });
    expect(JSON.stringify(page.body)).not.toContain('half a thought');
    const { data } = await history(editor, news._id);
    expect(data.map((r) => r.kind)).toEqual(['save']);
  });

  it('is discarded by its owner’s next save', async () => {
    const news = await created(editor);
    await autosave(editor, news._id, { title: 'Unfinished again' });
    await updated(editor, news, { title: 'The saved title of the story' });
    const mine = await get(editor, `/news/${news._id}/autosave`);
    expect(mine.body.data).toBeNull();
  });

  it('needs edit rights on the article', async () => {
    const news = await created(editor);
    const res = await autosave(author, news._id, { title: 'Not mine' });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
    const none = await autosave(editor, randomUUID(), { title: 'Nowhere' });
    expect(none.status).toBe(404);
  });
});

describe('who may read the history', () => {
  it('refuses, with 403 and no change, those who may not edit the article', async () => {
    const news = await created(editor, { authorIds: [editor.id] });
    const [rev] = (await history(editor, news._id)).data;
    const refused = [
      get(author, `/news/${news._id}/revisions`),
      get(author, `/news/${news._id}/revisions/${rev?._id}`),
      get(author, `/news/${news._id}/revisions/compare?from=${rev?._id}&to=${rev?._id}`),
      call(t.app, {
        method: 'POST',
        url: `/api/v1/news/${news._id}/revisions/${rev?._id}/restore`,
        headers: author.headers,
      }),
    ];
    for (const res of await Promise.all(refused)) {
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN');
    }
    expect((await history(editor, news._id)).count).toBe(1);
  });

  it('lets a contributor read their own draft’s history, not once it is published', async () => {
    const draft = await created(contributor, { draft: true });
    expect((await history(contributor, draft._id)).count).toBe(1);
    await updated(editor, draft, { draft: false });
    const res = await get(contributor, `/news/${draft._id}/revisions`);
    expect(res.status).toBe(403);
  });

  it('keeps a deleted article’s revisions for admins only', async () => {
    const news = await created(editor);
    await updated(editor, news, { title: 'A later title of the story' });
    const deleted = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/news/delete/${news._id}`,
      headers: editor.headers,
    });
    expect(deleted.status).toBe(200);
    const list = await history(admin, news._id);
    expect(list.count).toBe(2);
    const one = await get(admin, `/news/${news._id}/revisions/${list.data[1]?._id}`);
    expect(one.body.data.title).toBe('City council approves the new park');
    const byEditor = await get(editor, `/news/${news._id}/revisions`);
    expect(byEditor.status).toBe(403);
    const restore = await call(t.app, {
      method: 'POST',
      url: `/api/v1/news/${news._id}/revisions/${list.data[1]?._id}/restore`,
      headers: admin.headers,
    });
    expect(restore.status).toBe(404);
  });

  it('answers 404 for an article that never was', async () => {
    const res = await get(admin, `/news/${randomUUID()}/revisions`);
    expect(res.status).toBe(404);
  });
});

describe('retention of a deleted article’s revisions', () => {
  it('keeps them by default, and the sweep removes them once the set period has passed', async () => {
    const setting = await get(admin, '/settings/revisions');
    expect(setting.body.data).toEqual({ deletedArticleDays: null });
    const refused = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/settings/revisions',
      headers: editor.headers,
      payload: { deletedArticleDays: 1 },
    });
    expect(refused.status).toBe(403);

    const news = await created(editor);
    await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/news/delete/${news._id}`,
      headers: admin.headers,
    });
    clock.advance(40 * 24 * 60 * 60 * 1000);
    expect(await t.app.services.revisionRetention.sweep()).toBe(0);
    expect((await history(admin, news._id)).count).toBe(1);

    const set = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/settings/revisions',
      headers: admin.headers,
      payload: { deletedArticleDays: 30 },
    });
    expect(set.status, set.body.message).toBe(200);
    const kept = await created(editor);
    expect(await t.app.services.revisionRetention.sweep()).toBeGreaterThanOrEqual(1);
    expect((await get(admin, `/news/${news._id}/revisions`)).status).toBe(404);
    // A living article's history is never swept.
    expect((await history(editor, kept._id)).count).toBe(1);
  });
});
