import { randomUUID } from 'node:crypto';
import type { AdminNewsDto } from '@newsroom/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { idsOf, listening, openStream, type OpenStream } from './event-stream.ts';
import { createNews, createTaxonomy, newsFields, type Taxonomy } from './factories.ts';
import { signedInStaff, type StaffMember } from './fixtures.ts';
import { call, createTestApp } from './helpers.ts';

/*
 * Who is editing an article, live: the list, heartbeats, takeovers and the event stream of an
 * open editor, on one instance (no Redis: presence kept in the process).
 */

const t = await createTestApp();
const base = await listening(t.app);
let asha: StaffMember;
let bram: StaffMember;
let chen: StaffMember;
let taxonomy: Taxonomy;
const opened: OpenStream[] = [];

beforeAll(async () => {
  asha = await signedInStaff(t.app, 'editor', 'Asha');
  bram = await signedInStaff(t.app, 'editor', 'Bram');
  chen = await signedInStaff(t.app, 'admin', 'Chen');
  taxonomy = await createTaxonomy(t.app, chen.headers);
});
afterEach(() => opened.splice(0).forEach((stream) => stream.close()));
afterAll(() => t.close());

const article = () => createNews({ app: t.app, headers: chen.headers, taxonomy });

const presence = (id: string, who: StaffMember) =>
  call(t.app, { method: 'GET', url: `/api/v1/news/${id}/presence`, headers: who.headers });

const beat = (id: string, who: StaffMember, payload: object = {}) =>
  call(t.app, {
    method: 'POST',
    url: `/api/v1/news/${id}/presence`,
    headers: who.headers,
    payload,
  });

async function events(id: string, headers: Record<string, string>) {
  const stream = await openStream(base, `/api/v1/news/${id}/events`, headers);
  opened.push(stream);
  return stream;
}

describe('GET and POST /news/{id}/presence', () => {
  it('lists nobody, then the person whose editor said it is editing, with since when', async () => {
    const { _id } = await article();
    expect((await presence(_id, bram)).body).toMatchObject({ statusCode: 200, data: [] });
    const beaten = await beat(_id, asha);
    expect(beaten.status).toBe(200);
    const [editor] = beaten.body.data;
    expect(editor).toEqual({ _id: asha.id, name: 'Asha', since: expect.any(String) });
    expect(Number.isNaN(Date.parse(editor.since))).toBe(false);
    expect((await presence(_id, bram)).body.data).toEqual([editor]);
    // A later heartbeat keeps the time the editing began.
    expect((await beat(_id, asha)).body.data).toEqual([editor]);
  });

  it('takes the edit over: the taker alone is editing, and the one taken over is refused', async () => {
    const { _id } = await article();
    await beat(_id, asha);
    const taken = await beat(_id, bram, { takeover: true });
    expect(taken.status).toBe(200);
    expect(idsOf(taken.body.data)).toEqual([bram.id]);
    expect(idsOf((await presence(_id, chen)).body.data)).toEqual([bram.id]);
    const refused = await beat(_id, asha);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'CONFLICT', data: null });
    expect(refused.body.message).toMatch(/^Bram took over editing this article/);
    expect(idsOf((await presence(_id, chen)).body.data)).toEqual([bram.id]);
    // Taking it back over works, and tells nobody off.
    expect(idsOf((await beat(_id, asha, { takeover: true })).body.data)).toEqual([asha.id]);
  });

  it('refuses a body that is not a heartbeat with 400', async () => {
    const { _id } = await article();
    const res = await beat(_id, asha, { takeover: 'yes' });
    expect(res.status).toBe(400);
    expect((await presence(_id, asha)).body.data).toEqual([]);
  });
});

describe('GET /news/{id}/events', () => {
  it('streams the editors at once, then every arrival, as Server-Sent Events', async () => {
    const { _id } = await article();
    await beat(_id, asha);
    const stream = await events(_id, bram.headers);
    expect(stream.status).toBe(200);
    expect(stream.contentType).toMatch(/^text\/event-stream/);
    expect(idsOf(await stream.next('presence'))).toEqual([asha.id]);
    await beat(_id, chen);
    expect(idsOf(await stream.next('presence'))).toEqual([asha.id, chen.id]);
  });

  it('takes a person off the editors as soon as their editor’s stream closes', async () => {
    const { _id } = await article();
    await beat(_id, asha);
    const ashas = await events(_id, asha.headers);
    await ashas.next('presence');
    const watching = await events(_id, bram.headers);
    expect(idsOf(await watching.next('presence'))).toEqual([asha.id]);
    ashas.close();
    expect(idsOf(await watching.next('presence'))).toEqual([]);
    expect((await presence(_id, bram)).body.data).toEqual([]);
  });

  it('tells the editor taken over by whom, and the others who edits now', async () => {
    const { _id } = await article();
    await beat(_id, asha);
    const ashas = await events(_id, asha.headers);
    const chens = await events(_id, chen.headers);
    await chens.next('presence');
    await beat(_id, bram, { takeover: true });
    expect(await ashas.next('takeover')).toEqual({
      by: { _id: bram.id, name: 'Bram' },
      at: expect.any(String),
    });
    expect(idsOf(await chens.until('presence', (d) => idsOf(d).length === 1))).toEqual([bram.id]);
    // Only the editor displaced hears of the takeover.
    await beat(_id, chen, { takeover: true });
    const told = await Promise.race([
      chens.next('takeover', 300).then(() => true),
      chens.until('presence', (d) => idsOf(d).includes(chen.id)).then(() => false),
    ]);
    expect(told).toBe(false);
  });

  it('tells the open editors when the article is saved, with its new updatedAt and version', async () => {
    const { _id } = await article();
    const stream = await events(_id, asha.headers);
    await stream.next('presence');
    const saved = await call(t.app, {
      method: 'PUT',
      url: `/api/v1/news/update/${_id}`,
      headers: bram.headers,
      payload: newsFields(taxonomy, { title: 'A title saved while Asha had it open' }),
    });
    expect(saved.status).toBe(200);
    const updated = saved.body.data as AdminNewsDto;
    expect(updated.version).toBeGreaterThan(1);
    expect(await stream.next('saved')).toEqual({
      _id,
      updatedAt: updated.updatedAt,
      version: updated.version,
    });
  });

  it('accepts the session cookie of the site, and refuses it from another origin', async () => {
    const { _id } = await article();
    const token = asha.headers.authorization.replace('Bearer ', '');
    const cookie = { cookie: `accessToken=${token}` };
    const stream = await events(_id, cookie);
    expect(stream.status).toBe(200);
    await stream.next('presence');
    const foreign = await events(_id, { ...cookie, origin: 'https://evil.example' });
    expect(foreign.status).toBe(401);
    // Other calls still want the bearer header.
    const res = await call(t.app, {
      method: 'GET',
      url: `/api/v1/news/${_id}/presence`,
      headers: cookie,
    });
    expect(res.status).toBe(401);
  });
});

describe('who may', () => {
  it('answers 404 for an article that does not exist, on every call', async () => {
    const id = randomUUID();
    expect((await presence(id, asha)).status).toBe(404);
    expect((await beat(id, asha)).status).toBe(404);
    expect((await events(id, asha.headers)).status).toBe(404);
  });

  it('lets an author or contributor in on their own article only, as the role table says', async () => {
    const author = await signedInStaff(t.app, 'author', 'Ade');
    const contributor = await signedInStaff(t.app, 'contributor', 'Cy');
    const { _id } = await article();
    for (const who of [author, contributor]) {
      const refused = [
        await presence(_id, who),
        await beat(_id, who),
        await call(t.app, {
          method: 'GET',
          url: `/api/v1/news/${_id}/events`,
          headers: who.headers,
        }),
      ];
      for (const res of refused) {
        expect(res.status).toBe(403);
        expect(res.body.code).toBe('FORBIDDEN');
      }
    }
    expect((await presence(_id, chen)).body.data).toEqual([]);
    const own = await createNews(
      { app: t.app, headers: contributor.headers, taxonomy },
      {
        draft: true,
      },
    );
    expect((await beat(own._id, contributor)).status).toBe(200);
    // Published by an editor, it is no longer the contributor's to edit.
    const published = await call(t.app, {
      method: 'PUT',
      url: `/api/v1/news/update/${own._id}`,
      headers: chen.headers,
      payload: newsFields(taxonomy, { slug: own.slug, draft: false }),
    });
    expect(published.status).toBe(200);
    expect((await beat(own._id, contributor)).status).toBe(403);
  });
});
