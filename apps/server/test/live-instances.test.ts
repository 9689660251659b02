import type { LiveEntry, NewsDto } from '@newsroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listening } from './event-stream.ts';
import { createTaxonomy, newsFields, type Taxonomy } from './factories.ts';
import { signedInStaff, type StaffMember } from './fixtures.ts';
import { call, redisSiblings, createTestApp, type TestApp } from './helpers.ts';
import { openLiveStream, type LiveStream } from './live-stream.ts';
import { eventually } from './session-calls.ts';

/*
 * Two instances sharing the database and Redis, as behind a load balancer: an entry written on
 * one reaches the readers of both, in order, each change once (decision 115).
 */

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

let t: TestApp;
let a: TestApp;
let b: TestApp;
let baseA: string;
let baseB: string;
let editor: StaffMember;
let taxonomy: Taxonomy;
const opened: LiveStream[] = [];

beforeAll(async () => {
  t = await createTestApp();
  [a, b] = await redisSiblings(t, redisUrl);
  [baseA, baseB] = await Promise.all([listening(a.app), listening(b.app)]);
  editor = await signedInStaff(a.app, 'editor', 'Eve Editor');
  taxonomy = await createTaxonomy(a.app, editor.headers);
});
afterAll(async () => {
  opened.forEach((stream) => stream.close());
  // The test's HTTP client may hold a connection it opened and never sent a request on, which
  // the server's close would wait for.
  for (const sibling of [a, b]) sibling.app.server.closeAllConnections();
  await Promise.all([a.close(), b.close()]);
  await t.close();
});

async function stream(base: string, slug: string, headers: Record<string, string> = {}) {
  const events = await openLiveStream(base, `/api/v1/u/news/${slug}/live/events`, headers);
  opened.push(events);
  expect(events.status).toBe(200);
  return events;
}

async function write(on: TestApp, method: 'POST' | 'PUT' | 'DELETE', url: string, payload = {}) {
  const res = await call(on.app, {
    method,
    url,
    headers: editor.headers,
    ...(method === 'DELETE' ? {} : { payload }),
  });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data as LiveEntry;
}

describe('two instances sharing the database and Redis', () => {
  it('bring each change written on either to the readers of both, once and in order', async () => {
    const created = await call(a.app, {
      method: 'POST',
      url: '/api/v1/news/create',
      headers: editor.headers,
      payload: newsFields(taxonomy, { live: true }),
    });
    const news = created.body.data as NewsDto;
    const listening_ = async () => a.app.live.fanout.size + b.app.live.fanout.size === 2;
    const onA = await stream(baseA, news.slug);
    const onB = await stream(baseB, news.slug);
    expect(await eventually(listening_)).toBe(true);

    const live = `/api/v1/news/${news._id}/live`;
    const first = await write(a, 'POST', live, { text: '<p>From A</p>' });
    const second = await write(b, 'POST', live, { text: '<p>From B</p>', keyEvent: true });
    await write(a, 'PUT', `${live}/${second._id}`, { text: '<p>From B, edited on A</p>' });
    await write(b, 'DELETE', `${live}/${first._id}`);

    const expected = [
      ['entry', first._id],
      ['entry', second._id],
      ['entry-updated', second._id],
      ['entry-deleted', first._id],
    ];
    for (const reader of [onA, onB]) {
      const events = await reader.take(4);
      expect(events.map((e) => [e.event, e.data._id])).toEqual(expected);
      expect(events[2]?.data.text).toBe('<p>From B, edited on A</p>');
    }
    expect(onA.events.map((e) => e.id)).toEqual(onB.events.map((e) => e.id));

    // A reader of B who drops and comes back on A gets what it missed from the database.
    const lastId = onB.events.at(-1)?.id ?? '';
    onB.close();
    const third = await write(b, 'POST', live, { text: '<p>While away</p>' });
    const back = await stream(baseA, news.slug, { 'last-event-id': lastId });
    const [caught] = await back.take(1);
    expect(caught).toMatchObject({ event: 'entry', data: { _id: third._id } });

    // Coverage ended on B: the readers of A are told and their streams close.
    const ended = await call(b.app, {
      method: 'PUT',
      url: live,
      headers: editor.headers,
      payload: { ended: true },
    });
    expect(ended.status).toBe(200);
    for (const reader of [onA, back]) {
      expect(
        reader.events.at(-1)?.event === 'ended' ||
          (await reader.take(reader.events.length + 1)).at(-1)?.event,
      ).toBeTruthy();
      await reader.ended;
      expect(reader.events.at(-1)?.event).toBe('ended');
    }
  });
});
