import { randomUUID } from 'node:crypto';
import type { CorrectionNote, NewsDto } from '@newsroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTaxonomy, newsFields, type AuthHeaders, type Taxonomy } from './factories.ts';
import { signedInStaff, type StaffMember } from './fixtures.ts';
import { call, createTestApp } from './helpers.ts';

/*
 * Corrections and update notes over the API (decision 112): added on published articles by the
 * roles the table lets, amended with every earlier text kept (in the note's versions and the
 * audit trail), never removed; refusals change nothing; readers get them on the article read and
 * on /u/corrections, at once after a write.
 */

const t = await createTestApp();
afterAll(() => t.close());

let admin: StaffMember;
let editor: StaffMember;
let author: StaffMember;
let otherAuthor: StaffMember;
let contributor: StaffMember;
let taxonomy: Taxonomy;

beforeAll(async () => {
  admin = await signedInStaff(t.app, 'admin', 'Ada Admin');
  editor = await signedInStaff(t.app, 'editor', 'Eve Editor');
  author = await signedInStaff(t.app, 'author', 'Abe Author');
  otherAuthor = await signedInStaff(t.app, 'author', 'Oona Other');
  contributor = await signedInStaff(t.app, 'contributor', 'Cal Contributor');
  taxonomy = await createTaxonomy(t.app, admin.headers);
});

async function story(overrides: Record<string, unknown> = {}): Promise<NewsDto> {
  const res = await call(t.app, {
    method: 'POST',
    url: '/api/v1/news/create',
    headers: admin.headers,
    payload: newsFields(taxonomy, { authorIds: [author.id], ...overrides }),
  });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data as NewsDto;
}

const addNote = (as: AuthHeaders, id: string, payload: Record<string, unknown>) =>
  call(t.app, { method: 'POST', url: `/api/v1/news/${id}/corrections`, headers: as, payload });

const amendNote = (as: AuthHeaders, id: string, noteId: string, payload: Record<string, unknown>) =>
  call(t.app, {
    method: 'PUT',
    url: `/api/v1/news/${id}/corrections/${noteId}`,
    headers: as,
    payload,
  });

const staffNotes = async (id: string, as: AuthHeaders = editor.headers) =>
  call(t.app, { method: 'GET', url: `/api/v1/news/${id}/corrections`, headers: as });

const publicRead = async (slug: string) => {
  const res = await call(t.app, { method: 'GET', url: `/api/v1/u/news/${slug}` });
  expect(res.status).toBe(200);
  return res.body.data[0] as NewsDto;
};

/** What a refused call must leave as it was: the notes, their texts and the audit trail. */
async function snapshot() {
  const db = t.app.db.kysely;
  const [notes, versions, audit] = await Promise.all([
    db.selectFrom('news_corrections').selectAll().orderBy('id').execute(),
    db.selectFrom('news_correction_versions').selectAll().orderBy('id').execute(),
    db.selectFrom('audit_entries').select('id').orderBy('id').execute(),
  ]);
  return { notes, versions, audit };
}

const FIRST = 'An earlier version of this article gave the wrong date for the vote.';
const SECOND = 'An earlier version of this article gave the wrong date for the council vote.';

describe('adding a note', () => {
  it('answers the note with its writer, and readers see it on the article read at once', async () => {
    const news = await story();
    expect((await publicRead(news.slug)).corrections).toEqual([]);
    const res = await addNote(editor.headers, news._id, { kind: 'correction', text: FIRST });
    expect(res.status, res.body.message).toBe(200);
    const note = res.body.data as CorrectionNote;
    expect(note).toMatchObject({
      _id: expect.any(String),
      kind: 'correction',
      text: FIRST,
      createdAt: expect.any(String),
      by: { _id: editor.id, name: 'Eve Editor' },
      versions: [{ text: FIRST, by: { _id: editor.id, name: 'Eve Editor' } }],
    });
    // The kept article read was dropped by the write: the next reader gets the note.
    expect((await publicRead(news.slug)).corrections).toEqual([
      { kind: 'correction', text: FIRST, createdAt: note.createdAt },
    ]);
  });

  it('lists notes newest first, for readers and for the staff', async () => {
    const news = await story();
    const older = await addNote(admin.headers, news._id, {
      kind: 'update',
      text: 'The council has since published the minutes.',
    });
    const newer = await addNote(author.headers, news._id, { kind: 'correction', text: FIRST });
    expect([older.status, newer.status]).toEqual([200, 200]);
    expect((await publicRead(news.slug)).corrections?.map((n) => n.kind)).toEqual([
      'correction',
      'update',
    ]);
    const staff = await staffNotes(news._id);
    expect(staff.status).toBe(200);
    expect((staff.body.data as CorrectionNote[]).map((n) => n._id)).toEqual([
      newer.body.data._id,
      older.body.data._id,
    ]);
  });

  it('keeps the text plain: markup is stored and answered as text, never as HTML', async () => {
    const news = await story();
    const text = 'We wrote <b>Mayor</b> <script>alert(1)</script> where we meant deputy.';
    const res = await addNote(editor.headers, news._id, { kind: 'correction', text });
    expect(res.status).toBe(200);
    expect((await publicRead(news.slug)).corrections?.[0]?.text).toBe(text);
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const news = await story();
    const before = await snapshot();
    for (const payload of [
      { kind: 'retraction', text: FIRST },
      { kind: 'correction', text: 'Too short' },
      { kind: 'correction', text: 'x'.repeat(2001) },
      { kind: 'correction', text: `A bell \u0007 in the middle of the text here` },
      { kind: 'correction' },
      {},
    ]) {
      const res = await addNote(editor.headers, news._id, payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, data: null });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('takes notes on published articles only: 409 on a draft, a scheduled or an inactive one', async () => {
    const draft = await story({ draft: true });
    const scheduled = await story({ publishAt: new Date(Date.now() + 86_400_000).toISOString() });
    const inactive = await story({ status: false });
    const before = await snapshot();
    for (const news of [draft, scheduled, inactive]) {
      const res = await addNote(editor.headers, news._id, { kind: 'update', text: FIRST });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({
        code: 'CONFLICT',
        message: expect.stringMatching(/published/),
      });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers 404 for an article that does not exist, and for a note of another article', async () => {
    const res = await addNote(editor.headers, randomUUID(), { kind: 'update', text: FIRST });
    expect(res.status).toBe(404);
    const one = await story();
    const other = await story();
    const note = await addNote(editor.headers, one._id, { kind: 'update', text: FIRST });
    const before = await snapshot();
    const wrong = await amendNote(editor.headers, other._id, note.body.data._id, { text: SECOND });
    expect(wrong.status).toBe(404);
    expect((await amendNote(editor.headers, one._id, randomUUID(), { text: SECOND })).status).toBe(
      404,
    );
    expect((await staffNotes(randomUUID())).status).toBe(404);
    expect(await snapshot()).toEqual(before);
  });
});

describe('who may add and amend', () => {
  it('refuses a contributor, and an author on another’s article, with 403 and changes nothing', async () => {
    const news = await story();
    const note = await addNote(editor.headers, news._id, { kind: 'correction', text: FIRST });
    const before = await snapshot();
    for (const person of [contributor, otherAuthor]) {
      const added = await addNote(person.headers, news._id, { kind: 'update', text: FIRST });
      expect(added.status).toBe(403);
      expect(added.body).toMatchObject({ statusCode: 403, data: null, code: 'FORBIDDEN' });
      const amended = await amendNote(person.headers, news._id, note.body.data._id, {
        text: SECOND,
      });
      expect(amended.status).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
    // The author of the article may; every staff member may read them.
    const own = await amendNote(author.headers, news._id, note.body.data._id, { text: SECOND });
    expect(own.status, own.body.message).toBe(200);
    expect((await staffNotes(news._id, contributor.headers)).status).toBe(200);
  });
});

describe('amending a note', () => {
  it('shows the new text and keeps every earlier one, in its versions and the audit trail', async () => {
    const news = await story();
    const added = await addNote(editor.headers, news._id, { kind: 'correction', text: FIRST });
    const noteId = added.body.data._id as string;
    const third = `${SECOND} It was held on Tuesday.`;
    expect((await amendNote(admin.headers, news._id, noteId, { text: SECOND })).status).toBe(200);
    const res = await amendNote(editor.headers, news._id, noteId, { text: third });
    expect(res.status).toBe(200);
    const note = res.body.data as CorrectionNote;
    expect(note).toMatchObject({ _id: noteId, kind: 'correction', text: third });
    expect(note.createdAt).toBe(added.body.data.createdAt);
    expect(note.updatedAt > note.createdAt).toBe(true);
    expect(note.versions.map((v) => [v.text, v.by.name])).toEqual([
      [FIRST, 'Eve Editor'],
      [SECOND, 'Ada Admin'],
      [third, 'Eve Editor'],
    ]);
    // Readers see the current text, at the note's own time.
    expect((await publicRead(news.slug)).corrections).toEqual([
      { kind: 'correction', text: third, createdAt: note.createdAt },
    ]);
    const audit = await call(t.app, {
      method: 'GET',
      url: `/api/v1/audit?kind=news&action=update`,
      headers: admin.headers,
    });
    const entries = (audit.body.data as { thingId: string; changes: unknown[] }[]).filter(
      (entry) => entry.thingId === news._id,
    );
    expect(entries.map((entry) => entry.changes)).toEqual([
      [{ field: 'correction', before: SECOND, after: third }],
      [{ field: 'correction', before: FIRST, after: SECOND }],
      [{ field: 'correction', before: null, after: FIRST }],
    ]);
  });

  it('refuses the same text again with 400, and offers no call that removes a note', async () => {
    const news = await story();
    const added = await addNote(editor.headers, news._id, { kind: 'update', text: FIRST });
    const noteId = added.body.data._id as string;
    const before = await snapshot();
    expect((await amendNote(editor.headers, news._id, noteId, { text: ` ${FIRST} ` })).status).toBe(
      400,
    );
    const removal = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/news/${news._id}/corrections/${noteId}`,
      headers: admin.headers,
    });
    expect(removal.status).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('keeps the notes of a deleted article: readers no longer see them, an admin still reads them', async () => {
    const news = await story();
    await addNote(editor.headers, news._id, { kind: 'correction', text: FIRST });
    const listed = async () =>
      (await call(t.app, { method: 'GET', url: '/api/v1/u/corrections?limit=100' })).body.data as {
        article: { slug: string };
      }[];
    expect((await listed()).some((item) => item.article.slug === news.slug)).toBe(true);
    const gone = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/news/delete/${news._id}`,
      headers: admin.headers,
    });
    expect(gone.status).toBe(200);
    expect((await listed()).some((item) => item.article.slug === news.slug)).toBe(false);
    const kept = await staffNotes(news._id, admin.headers);
    expect(kept.status).toBe(200);
    expect(kept.body.data).toMatchObject([{ text: FIRST }]);
    expect((await staffNotes(news._id, editor.headers)).status).toBe(404);
  });
});

describe('/u/corrections', () => {
  it('pages every note of public articles newest first, with its article, at once after a write', async () => {
    const news = await story({ title: 'The bridge reopens to traffic' });
    const first = await call(t.app, { method: 'GET', url: '/api/v1/u/corrections?limit=2' });
    expect(first.status).toBe(200);
    const countBefore = first.body.count as number;
    await addNote(editor.headers, news._id, { kind: 'correction', text: FIRST });
    await addNote(editor.headers, news._id, { kind: 'update', text: SECOND });
    // Served from the public cache: the writes made it stale, so it is read again.
    const after = await call(t.app, { method: 'GET', url: '/api/v1/u/corrections?limit=2' });
    expect(after.body.count).toBe(countBefore + 2);
    expect(after.body.data).toEqual([
      {
        _id: expect.any(String),
        kind: 'update',
        text: SECOND,
        createdAt: expect.any(String),
        article: { title: 'The bridge reopens to traffic', slug: news.slug },
      },
      expect.objectContaining({ kind: 'correction', text: FIRST }),
    ]);
    const second = await call(t.app, {
      method: 'GET',
      url: '/api/v1/u/corrections?limit=2&page=2',
    });
    expect(second.body.data[0]?.text).not.toBe(SECOND);
  });
});
