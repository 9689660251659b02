import { imageUrls, type LiveEntry, type LivePage, type NewsDto } from '@newsroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listening } from './event-stream.ts';
import {
  createTaxonomy,
  images,
  multipart,
  newsFields,
  type AuthHeaders,
  type Taxonomy,
} from './factories.ts';
import { signedInStaff, type StaffMember } from './fixtures.ts';
import { call, createTestApp } from './helpers.ts';
import { openLiveStream, type LiveStream } from './live-stream.ts';

/*
 * Live pages over the API (decision 115): entries added, edited, pinned, marked as key events
 * and deleted by the roles the table lets, each write audited and its earlier states kept;
 * refusals and bad input change nothing; readers page the entries newest first and follow them
 * as Server-Sent Events, resuming after a dropped connection with every missed change once.
 */

const t = await createTestApp();
const opened: LiveStream[] = [];
let base: string;
afterAll(async () => {
  opened.forEach((stream) => stream.close());
  await t.close();
});

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
  base = await listening(t.app);
});

async function story(overrides: Record<string, unknown> = {}): Promise<NewsDto> {
  const res = await call(t.app, {
    method: 'POST',
    url: '/api/v1/news/create',
    headers: admin.headers,
    payload: newsFields(taxonomy, { authorIds: [author.id], live: true, ...overrides }),
  });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data as NewsDto;
}

const add = (as: AuthHeaders, id: string, payload: Record<string, unknown>) =>
  call(t.app, { method: 'POST', url: `/api/v1/news/${id}/live`, headers: as, payload });

/** An entry with a picture (a JPEG), posted by the editor as a multipart form; answered 200. */
async function addWithPicture(id: string, fields: Record<string, string>) {
  const form = await multipart(fields, { bytes: await images.jpeg() });
  const res = await call(t.app, {
    method: 'POST',
    url: `/api/v1/news/${id}/live`,
    headers: { ...editor.headers, ...form.headers },
    payload: form.payload,
  });
  expect(res.status, res.body.message).toBe(200);
  return res;
}

async function added(id: string, text: string, more: Record<string, unknown> = {}) {
  const res = await add(editor.headers, id, { text: `<p>${text}</p>`, ...more });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data as LiveEntry;
}

const edit = (as: AuthHeaders, id: string, entryId: string, payload: Record<string, unknown>) =>
  call(t.app, {
    method: 'PUT',
    url: `/api/v1/news/${id}/live/${entryId}`,
    headers: as,
    payload,
  });

const remove = (as: AuthHeaders, id: string, entryId: string) =>
  call(t.app, { method: 'DELETE', url: `/api/v1/news/${id}/live/${entryId}`, headers: as });

const coverage = (as: AuthHeaders, id: string, ended: boolean) =>
  call(t.app, { method: 'PUT', url: `/api/v1/news/${id}/live`, headers: as, payload: { ended } });

async function publicPage(slug: string, query = ''): Promise<LivePage> {
  const res = await call(t.app, { method: 'GET', url: `/api/v1/u/news/${slug}/live${query}` });
  expect(res.status, res.body.message).toBe(200);
  const { data, count, hasOlder, coverage, pinned, keyEvents } = res.body;
  return { data, count, hasOlder, coverage, pinned, keyEvents } as LivePage;
}

const texts = (entries: LiveEntry[]) => entries.map((entry) => entry.text);

/** What a refused call must leave as it was: entries, their states, sequences, the audit trail. */
async function snapshot() {
  const db = t.app.db.kysely;
  const [entries, versions, audit, news] = await Promise.all([
    db.selectFrom('live_entries').selectAll().orderBy('id').execute(),
    db.selectFrom('live_entry_versions').selectAll().orderBy('id').execute(),
    db.selectFrom('audit_entries').select('id').orderBy('id').execute(),
    db.selectFrom('news').select(['id', 'live_seq', 'live_ended_at']).orderBy('id').execute(),
  ]);
  return { entries, versions, audit, news };
}

async function stream(slug: string, headers: Record<string, string> = {}, query = '') {
  const opened_ = await openLiveStream(base, `/api/v1/u/news/${slug}/live/events${query}`, headers);
  opened.push(opened_);
  return opened_;
}

describe('a live article', () => {
  it('is made by live: true on create or update, and reads say so', async () => {
    const news = await story();
    expect(news).toMatchObject({ live: true, liveEndedAt: null });
    const plain = await story({ live: false });
    expect(plain).toMatchObject({ live: false, liveEndedAt: null });
    const read = await call(t.app, { method: 'GET', url: `/api/v1/u/news/${news.slug}` });
    expect(read.body.data[0]).toMatchObject({ live: true, liveEndedAt: null });
    // An article that is not live takes no entries, and has no live page.
    const refused = await add(editor.headers, plain._id, { text: '<p>Too early</p>' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/not a live page/);
    const none = await call(t.app, { method: 'GET', url: `/api/v1/u/news/${plain.slug}/live` });
    expect(none.status).toBe(404);
    const made = await call(t.app, {
      method: 'PUT',
      url: `/api/v1/news/update/${plain._id}`,
      headers: admin.headers,
      payload: newsFields(taxonomy, { slug: plain.slug, live: 'true' }),
    });
    expect(made.status, made.body.message).toBe(200);
    expect(made.body.data).toMatchObject({ live: true });
    expect((await add(editor.headers, plain._id, { text: '<p>Now it is live</p>' })).status).toBe(
      200,
    );
  });

  it('refuses an end of coverage on an article that is not live, or one in the future', async () => {
    const bad = await call(t.app, {
      method: 'POST',
      url: '/api/v1/news/create',
      headers: admin.headers,
      payload: newsFields(taxonomy, { liveEndedAt: '2026-01-01T00:00:00Z' }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ path: 'liveEndedAt', message: expect.any(String) }]);
    const ahead = await call(t.app, {
      method: 'POST',
      url: '/api/v1/news/create',
      headers: admin.headers,
      payload: newsFields(taxonomy, { live: true, liveEndedAt: '2999-01-01T00:00:00Z' }),
    });
    expect(ahead.status).toBe(400);
  });
});

describe('writing entries', () => {
  it('adds, edits, pins, marks and deletes, each audited with its earlier states kept', async () => {
    const news = await story();
    const res = await add(author.headers, news._id, {
      text: '<p>Polls have <b>opened</b><script>alert(1)</script></p>',
      videoURL: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    });
    expect(res.status, res.body.message).toBe(200);
    const entry = res.body.data as LiveEntry;
    expect(entry).toMatchObject({
      _id: expect.any(String),
      text: '<p>Polls have <b>opened</b></p>',
      createdAt: expect.any(String),
      updatedAt: entry.createdAt,
      by: { _id: author.id, name: 'Abe Author', slug: author.slug },
      pinned: false,
      keyEvent: false,
      imageURL: null,
      videoURL: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    });

    const edited = await edit(editor.headers, news._id, entry._id, {
      text: '<p>Polls have opened across the state</p>',
      pinned: true,
      keyEvent: 'true',
    });
    expect(edited.status, edited.body.message).toBe(200);
    expect(edited.body.data).toMatchObject({
      text: '<p>Polls have opened across the state</p>',
      pinned: true,
      keyEvent: true,
      by: { _id: author.id },
    });
    const page = await publicPage(news.slug);
    expect(page.count).toBe(1);
    expect(page.pinned.map((e) => e._id)).toEqual([entry._id]);
    expect(page.keyEvents).toEqual([
      {
        _id: entry._id,
        createdAt: entry.createdAt,
        headline: 'Polls have opened across the state',
      },
    ]);

    const history = await call(t.app, {
      method: 'GET',
      url: `/api/v1/news/${news._id}/live/${entry._id}/history`,
      headers: author.headers,
    });
    expect(history.status).toBe(200);
    expect(
      history.body.data.versions.map((v: { text: string; by: { _id: string } }) => [
        v.text,
        v.by._id,
      ]),
    ).toEqual([
      ['<p>Polls have <b>opened</b></p>', author.id],
      ['<p>Polls have opened across the state</p>', editor.id],
    ]);

    const gone = await remove(author.headers, news._id, entry._id);
    expect(gone.status).toBe(200);
    const after = await publicPage(news.slug);
    expect(after).toMatchObject({ data: [], count: 0, pinned: [], keyEvents: [] });
    const kept = await call(t.app, {
      method: 'GET',
      url: `/api/v1/news/${news._id}/live/${entry._id}/history`,
      headers: editor.headers,
    });
    expect(kept.body.data.deletedAt).toEqual(expect.any(String));
    expect((await remove(author.headers, news._id, entry._id)).status).toBe(404);

    const audit = await call(t.app, {
      method: 'GET',
      url: `/api/v1/audit?kind=live`,
      headers: admin.headers,
    });
    const mine = (audit.body.data as { thingId: string; action: string }[])
      .filter((row) => row.thingId === entry._id)
      .map((row) => row.action)
      .sort();
    expect(mine).toEqual(['create', 'delete', 'update']);
  });

  it('takes a picture in a multipart form, as an article does', async () => {
    const news = await story();
    const res = await addWithPicture(news._id, {
      text: '<p>The crowd outside</p>',
      alt: 'A crowd',
      pinned: 'true',
    });
    expect(res.body.data).toMatchObject({ alt: 'A crowd', pinned: true });
    const url = String(res.body.data.imageURL);
    expect(url).toMatch(/\/uploads\/news\//);
    const file = await t.app.inject({ method: 'GET', url: new URL(url, 'http://x').pathname });
    expect(file.statusCode).toBe(200);
  });

  it('gives an entry’s picture its AVIF and WebP variants after the write, as an article’s', async () => {
    const news = await story();
    const res = await addWithPicture(news._id, { text: '<p>The harbour at dawn</p>' });
    const uploaded = String(res.body.data.imageURL);
    // Answered with the upload; its variants come after.
    expect(imageUrls(uploaded).avif).toEqual([]);
    await t.app.services.news.variantsIdle();

    const page = await call(t.app, { method: 'GET', url: `/api/v1/u/news/${news.slug}/live` });
    expect(page.status).toBe(200);
    const shown = (page.body.data as LiveEntry[]).find((e) => e._id === res.body.data._id);
    const urls = imageUrls(String(shown?.imageURL));
    expect(urls.avif.length).toBeGreaterThan(0);
    expect(urls.webp.length).toBeGreaterThan(0);
    for (const variant of [urls.avif[0], urls.webp[0]]) {
      const file = await t.app.inject({
        method: 'GET',
        url: new URL(String(variant?.url), 'http://x').pathname,
      });
      expect(file.statusCode).toBe(200);
    }
  });

  it('refuses other roles with 403 and unknown ids with 404, changing nothing', async () => {
    const news = await story();
    const entry = await added(news._id, 'First');
    const before = await snapshot();
    for (const [who, call_] of [
      [otherAuthor, () => add(otherAuthor.headers, news._id, { text: '<p>Not mine</p>' })],
      [contributor, () => add(contributor.headers, news._id, { text: '<p>Not mine</p>' })],
      [otherAuthor, () => edit(otherAuthor.headers, news._id, entry._id, { text: '<p>x</p>' })],
      [otherAuthor, () => remove(otherAuthor.headers, news._id, entry._id)],
      [otherAuthor, () => coverage(otherAuthor.headers, news._id, true)],
    ] as const) {
      const res = await call_();
      expect({ who: who.name, status: res.status, code: res.body.code }).toEqual({
        who: who.name,
        status: 403,
        code: 'FORBIDDEN',
      });
    }
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await add(editor.headers, missing, { text: '<p>x</p>' })).status).toBe(404);
    expect((await edit(editor.headers, news._id, missing, { text: '<p>x</p>' })).status).toBe(404);
    expect((await remove(editor.headers, missing, entry._id)).status).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses bad input with a 400 naming the field, writing nothing', async () => {
    const news = await story();
    const entry = await added(news._id, 'First');
    const before = await snapshot();
    for (const [payload, path] of [
      [{}, 'text'],
      [{ text: '   ' }, 'text'],
      [{ text: '<p><script>x</script></p>' }, 'text'],
      [{ text: '<p>x</p>', videoURL: 'javascript:alert(1)' }, 'videoURL'],
      [{ text: '<p>x</p>', pinned: 'maybe' }, 'pinned'],
      [{ text: 'x'.repeat(20_001) }, 'text'],
    ] as const) {
      const res = await add(editor.headers, news._id, payload);
      expect({ payload, status: res.status }).toEqual({ payload, status: 400 });
      expect(res.body.errors?.[0]?.path).toBe(path);
    }
    const nothing = await edit(editor.headers, news._id, entry._id, {});
    expect(nothing.status).toBe(400);
    const same = await edit(editor.headers, news._id, entry._id, { text: entry.text });
    expect(same.status).toBe(400);
    const badImage = await multipart({ text: '<p>x</p>' }, { bytes: Buffer.from('not a picture') });
    const refused = await call(t.app, {
      method: 'POST',
      url: `/api/v1/news/${news._id}/live`,
      headers: { ...editor.headers, ...badImage.headers },
      payload: badImage.payload,
    });
    expect(refused.status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });
});

describe('reading a live page', () => {
  it('pages the entries newest first, 20 at a time, by the entry before', async () => {
    const news = await story();
    for (let i = 1; i <= 45; i++) await added(news._id, `Entry ${i}`);
    const first = await publicPage(news.slug);
    expect(first).toMatchObject({ count: 45, hasOlder: true });
    expect(texts(first.data)).toEqual(
      Array.from({ length: 20 }, (_, i) => `<p>Entry ${45 - i}</p>`),
    );
    const second = await publicPage(news.slug, `?before=${first.data.at(-1)?._id}`);
    expect(texts(second.data)[0]).toBe('<p>Entry 25</p>');
    const third = await publicPage(news.slug, `?before=${second.data.at(-1)?._id}&limit=20`);
    expect(texts(third.data)).toEqual(Array.from({ length: 5 }, (_, i) => `<p>Entry ${5 - i}</p>`));
    expect(third.hasOlder).toBe(false);
    // From an entry on, it included: where a key event's link leads.
    const from = await publicPage(news.slug, `?from=${second.data[3]?._id}`);
    expect(texts(from.data)[0]).toBe('<p>Entry 22</p>');
    expect(from.data).toHaveLength(20);
    const bad = await call(t.app, {
      method: 'GET',
      url: `/api/v1/u/news/${news.slug}/live?before=nothing-here`,
    });
    expect(bad.status).toBe(400);
    const tooMany = await call(t.app, {
      method: 'GET',
      url: `/api/v1/u/news/${news.slug}/live?limit=500`,
    });
    expect(tooMany.status).toBe(400);
  });

  it('answers 404 for a live page readers cannot see', async () => {
    const draft = await story({ draft: true });
    await added(draft._id, 'Prepared before publication');
    const res = await call(t.app, { method: 'GET', url: `/api/v1/u/news/${draft.slug}/live` });
    expect(res.status).toBe(404);
    const events = await call(t.app, {
      method: 'GET',
      url: `/api/v1/u/news/${draft.slug}/live/events`,
    });
    expect(events.status).toBe(404);
    // The staff read it whatever its stage.
    const staff = await call(t.app, {
      method: 'GET',
      url: `/api/v1/news/${draft._id}/live`,
      headers: author.headers,
    });
    expect(staff.status).toBe(200);
    expect(staff.body.count).toBe(1);
  });

  it('is kept by the public cache until an entry makes it stale', async () => {
    const news = await story();
    await added(news._id, 'Before');
    const url = `/api/v1/u/news/${news.slug}/live`;
    const served = t.app.publicCache;
    expect((await publicPage(news.slug)).count).toBe(1);
    const kept = served.size;
    expect((await publicPage(news.slug)).count).toBe(1);
    expect(served.size).toBe(kept);
    const entry = await added(news._id, 'After');
    expect(texts((await publicPage(news.slug)).data)).toEqual(['<p>After</p>', '<p>Before</p>']);
    await edit(editor.headers, news._id, entry._id, { text: '<p>After, edited</p>' });
    expect(texts((await publicPage(news.slug)).data)[0]).toBe('<p>After, edited</p>');
    await remove(editor.headers, news._id, entry._id);
    expect((await publicPage(news.slug)).count).toBe(1);
    // The event stream is never kept.
    const events = await stream(news.slug);
    expect(events.status).toBe(200);
    expect(events.headers.get('cache-control')).toBe('no-store');
    expect(events.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(url).toContain('/live');
  });
});

describe('the event stream', () => {
  it('sends new, edited and deleted entries with ids, and on reconnection every missed change once', async () => {
    const news = await story();
    const kept = await added(news._id, 'Kept');
    const doomed = await added(news._id, 'Doomed');
    const { coverage: start } = await publicPage(news.slug);
    const reader = await stream(news.slug, {}, `?lastEventId=${start.lastEventId}`);
    expect(reader.status).toBe(200);

    const fresh = await added(news._id, 'Fresh');
    await edit(editor.headers, news._id, kept._id, { text: '<p>Kept, edited</p>' });
    const seen = await reader.take(2);
    expect(seen.map((e) => [e.event, e.data._id])).toEqual([
      ['entry', fresh._id],
      ['entry-updated', kept._id],
    ]);
    expect(seen[1]?.data.text).toBe('<p>Kept, edited</p>');
    const ids = seen.map((e) => Number(e.id));
    expect(ids[1]).toBeGreaterThan(ids[0] ?? Infinity);
    reader.close();

    // While the reader is away: a new entry, another made and deleted, an edit, a deletion.
    const missed = await added(news._id, 'Missed');
    const fleeting = await added(news._id, 'Fleeting');
    await remove(editor.headers, news._id, fleeting._id);
    await edit(editor.headers, news._id, fresh._id, { pinned: true });
    await edit(editor.headers, news._id, fresh._id, { text: '<p>Fresh, edited twice</p>' });
    await remove(editor.headers, news._id, doomed._id);

    const back = await stream(news.slug, { 'last-event-id': seen[1]?.id ?? '' });
    const caught = await back.take(3);
    expect(caught.map((e) => [e.event, e.data._id])).toEqual([
      ['entry', missed._id],
      ['entry-updated', fresh._id],
      ['entry-deleted', doomed._id],
    ]);
    expect(caught[1]?.data).toMatchObject({ text: '<p>Fresh, edited twice</p>', pinned: true });
    // Nothing more: then the next change comes, once.
    const later = await added(news._id, 'Later');
    const all = await back.take(4);
    expect(all[3]).toMatchObject({ event: 'entry', data: { _id: later._id } });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(back.events).toHaveLength(4);
    const sequence = back.events.map((e) => Number(e.id));
    expect([...sequence].sort((x, y) => x - y)).toEqual(sequence);
    expect(new Set(sequence).size).toBe(sequence.length);
    back.close();
  });

  it('refuses a Last-Event-ID that is no number', async () => {
    const news = await story();
    const res = await call(t.app, {
      method: 'GET',
      url: `/api/v1/u/news/${news.slug}/live/events`,
      headers: { 'last-event-id': 'abc' },
    });
    expect(res.status).toBe(400);
  });

  it('ends with coverage: an ended event, the stream closed, no more entries', async () => {
    const news = await story();
    const entry = await added(news._id, 'Going on');
    const reader = await stream(news.slug);
    const ended = await coverage(author.headers, news._id, true);
    expect(ended.status, ended.body.message).toBe(200);
    expect(ended.body.data.endedAt).toEqual(expect.any(String));
    const [event] = await reader.take(1);
    expect(event).toMatchObject({ event: 'ended', data: { liveEndedAt: ended.body.data.endedAt } });
    await reader.ended;
    // Coming back after the end: nothing left to send.
    const again = await stream(news.slug, { 'last-event-id': event?.id ?? '' });
    expect(again.status).toBe(204);
    // A reader who missed the end gets it.
    const late = await stream(news.slug, { 'last-event-id': '0' });
    const lateEvents = await late.take(2);
    expect(lateEvents.map((e) => e.event)).toEqual(['entry', 'ended']);
    const before = await snapshot();
    const refused = await add(editor.headers, news._id, { text: '<p>After the end</p>' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/ended/);
    expect((await edit(editor.headers, news._id, entry._id, { pinned: true })).status).toBe(409);
    expect(await snapshot()).toEqual(before);
    const read = await call(t.app, { method: 'GET', url: `/api/v1/u/news/${news.slug}` });
    expect(read.body.data[0].liveEndedAt).toBe(ended.body.data.endedAt);
    // Resumed, it takes entries again.
    expect((await coverage(editor.headers, news._id, false)).body.data.endedAt).toBeNull();
    expect((await add(editor.headers, news._id, { text: '<p>Back on</p>' })).status).toBe(200);
  });

  it('ends when the article is saved with liveEndedAt', async () => {
    const news = await story();
    const reader = await stream(news.slug);
    const endedAt = new Date(Date.now() - 1000).toISOString();
    const res = await call(t.app, {
      method: 'PUT',
      url: `/api/v1/news/update/${news._id}`,
      headers: admin.headers,
      payload: newsFields(taxonomy, { slug: news.slug, live: true, liveEndedAt: endedAt }),
    });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data).toMatchObject({ live: true, liveEndedAt: endedAt });
    const [event] = await reader.take(1);
    expect(event).toMatchObject({ event: 'ended', data: { liveEndedAt: endedAt } });
  });
});
