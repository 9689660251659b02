import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTaxonomy, newsFields, within, type Taxonomy } from './factories.ts';
import { signedInStaff, type StaffMember } from './fixtures.ts';
import { call, createTestApp } from './helpers.ts';
import { MovableClock } from './movable-clock.ts';
import { Receiver } from './webhook-receiver.ts';

/*
 * The webhook history's sweep (decision 122): events sent more than 30 days ago go with their
 * deliveries; younger ones, and any with a delivery still pending, stay listed. Its own app: the
 * clock moves a month forward.
 */

const DAY = 24 * 60 * 60 * 1000;
/** The endpoint at /down answers 500 to everything: its deliveries stay pending. */
const receiver = await Receiver.start((request) => (request.path === '/down' ? 500 : 200));
const clock = new MovableClock();
const t = await createTestApp({ ALLOW_PRIVATE_WEBHOOKS: '1' }, { clock });
afterAll(async () => {
  await t.close();
  await receiver.close();
});

let admin: StaffMember;
let taxonomy: Taxonomy;
beforeAll(async () => {
  admin = await signedInStaff(t.app, 'admin', 'Ada Admin');
  taxonomy = await createTaxonomy(t.app, admin.headers);
});

async function endpoint(path: string): Promise<string> {
  const res = await call(t.app, {
    method: 'POST',
    url: '/api/v1/webhooks',
    headers: admin.headers,
    payload: { url: receiver.url(path), events: ['news.published'] },
  });
  expect(res.status, res.body.message).toBe(200);
  return (res.body.data as { _id: string })._id;
}

async function publish() {
  const res = await call(t.app, {
    method: 'POST',
    url: '/api/v1/news/create',
    headers: admin.headers,
    payload: newsFields(taxonomy, { title: `Story ${randomUUID()}` }),
  });
  expect(res.status, res.body.message).toBe(200);
}

const listed = async (id: string) => (await t.app.services.webhooks.deliveries(id, 1)).count;

describe('the webhook history', () => {
  it('keeps a month of sent events, then removes them with their deliveries, never a pending one', async () => {
    const up = await endpoint(`/up-${randomUUID()}`);
    const down = await endpoint('/down');
    await publish();
    const settled = async () =>
      (await t.app.services.webhooks.deliveries(up, 1)).data[0]?.status === 'delivered' &&
      receiver.at('/down').length > 0;
    expect(await within(10_000, settled)).toBe(true);
    expect(await listed(up)).toBe(1);

    clock.advance(29 * DAY);
    expect(await t.app.services.webhooks.sweepHistory()).toBe(0);
    expect(await listed(up)).toBe(1);

    clock.advance(2 * DAY);
    // The event also has a delivery to /down; it failed for good once its 24 hours were over,
    // so nothing of it is pending any more and the event goes whole.
    await t.app.db.kysely
      .updateTable('webhook_deliveries')
      .set({ status: 'failed' })
      .where('endpoint_id', '=', down)
      .execute();
    expect(await t.app.services.webhooks.sweepHistory()).toBe(1);
    expect(await listed(up)).toBe(0);
    expect(await listed(down)).toBe(0);

    // An event one of whose deliveries is still pending (here: sent again, due after the sweep)
    // stays, whatever its age, with its other deliveries.
    await publish();
    expect(await within(10_000, async () => (await listed(down)) === 1)).toBe(true);
    const later = new Date(clock.now().getTime() + 40 * DAY).toISOString();
    await t.app.db.kysely
      .updateTable('webhook_deliveries')
      .set({ status: 'pending', next_attempt_at: later, window_start: later })
      .where('endpoint_id', '=', down)
      .execute();
    clock.advance(31 * DAY);
    expect(await t.app.services.webhooks.sweepHistory()).toBe(0);
    expect(await listed(up)).toBe(1);
  });
});
