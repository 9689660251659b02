import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idsOf, listening, openStream, type OpenStream } from './event-stream.ts';
import { createNews, createTaxonomy, type Taxonomy } from './factories.ts';
import { signedInStaff, type StaffMember } from './fixtures.ts';
import { call, createSiblingApp, createTestApp, redisSiblings, type TestApp } from './helpers.ts';
import { eventually } from './session-calls.ts';

/*
 * Two instances sharing the database and Redis, as behind a load balancer: what one editor does
 * on one instance reaches the other editors on the other (decision 110).
 */

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

let t: TestApp;
let a: TestApp;
let b: TestApp;
let baseA: string;
let baseB: string;
let asha: StaffMember;
let bram: StaffMember;
let chen: StaffMember;
let taxonomy: Taxonomy;
const opened: OpenStream[] = [];

beforeAll(async () => {
  t = await createTestApp();
  // Each pair has a REDIS_PREFIX of its own, so parallel runs on one Redis do not meet.
  [a, b] = await redisSiblings(t, redisUrl);
  const live = async () => a.app.presence.fanout.live && b.app.presence.fanout.live;
  if (!(await eventually(live))) throw new Error('presence is not listening through Redis');
  [baseA, baseB] = await Promise.all([listening(a.app), listening(b.app)]);
  asha = await signedInStaff(a.app, 'editor', 'Asha');
  bram = await signedInStaff(b.app, 'editor', 'Bram');
  chen = await signedInStaff(a.app, 'admin', 'Chen');
  taxonomy = await createTaxonomy(a.app, chen.headers);
});
afterAll(async () => {
  opened.forEach((stream) => stream.close());
  await Promise.all([a.close(), b.close()]);
  await t.close();
});

async function events(base: string, id: string, who: StaffMember) {
  const stream = await openStream(base, `/api/v1/news/${id}/events`, who.headers);
  opened.push(stream);
  expect(stream.status).toBe(200);
  return stream;
}

const beat = (on: TestApp, id: string, who: StaffMember, payload: object = {}) =>
  call(on.app, {
    method: 'POST',
    url: `/api/v1/news/${id}/presence`,
    headers: who.headers,
    payload,
  });

describe('two instances sharing PostgreSQL or SQLite, and Redis', () => {
  it('show an editor on one instance to the others on the other, and drop them when they leave', async () => {
    const { _id } = await createNews({ app: a.app, headers: chen.headers, taxonomy });
    await beat(a, _id, asha);
    const ashas = await events(baseA, _id, asha);
    await ashas.next('presence');
    const brams = await events(baseB, _id, bram);
    expect(idsOf(await brams.next('presence'))).toEqual([asha.id]);
    const listed = await call(b.app, {
      method: 'GET',
      url: `/api/v1/news/${_id}/presence`,
      headers: bram.headers,
    });
    expect(idsOf(listed.body.data)).toEqual([asha.id]);
    // Someone else starts editing on A: B's stream hears it.
    await beat(a, _id, chen);
    expect(idsOf(await brams.next('presence'))).toEqual([asha.id, chen.id]);
    // Asha closes her editor on A: B's stream hears she left.
    ashas.close();
    expect(idsOf(await brams.next('presence'))).toEqual([chen.id]);
  });

  it('carry a takeover on one instance to the editor taken over on the other', async () => {
    const { _id } = await createNews({ app: a.app, headers: chen.headers, taxonomy });
    await beat(a, _id, asha);
    const ashas = await events(baseA, _id, asha);
    await ashas.next('presence');
    const taken = await beat(b, _id, bram, { takeover: true });
    expect(idsOf(taken.body.data)).toEqual([bram.id]);
    expect(await ashas.next('takeover')).toMatchObject({ by: { _id: bram.id, name: 'Bram' } });
    expect(idsOf(await ashas.until('presence', (d) => idsOf(d).length === 1))).toEqual([bram.id]);
    const refused = await beat(a, _id, asha);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^Bram took over/);
  });
});

/** A local port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('with Redis configured but unreachable', () => {
  it('keeps presence working within the instance', async () => {
    const lone = await createSiblingApp(t, {
      REDIS_URL: `redis://127.0.0.1:${await closedPort()}`,
    });
    try {
      const { _id } = await createNews({ app: a.app, headers: chen.headers, taxonomy });
      const base = await listening(lone.app);
      const brams = await events(base, _id, bram);
      expect(await brams.next('presence')).toEqual([]);
      const beaten = await beat(lone, _id, asha);
      expect(beaten.status).toBe(200);
      expect(idsOf(beaten.body.data)).toEqual([asha.id]);
      expect(idsOf(await brams.next('presence'))).toEqual([asha.id]);
      brams.close();
    } finally {
      await lone.close();
    }
  });
});
