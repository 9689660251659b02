import type { WebhookDelivery } from '@newsroom/contract';
import { Webhook } from 'standardwebhooks';
import { afterAll, expect, it } from 'vitest';
import { createTaxonomy, newsFields, within } from './factories.ts';
import { signedInStaff } from './fixtures.ts';
import { call, createSiblingApp, createTestApp, SIGNUP_CODE } from './helpers.ts';
import { ServerProcess } from './server-process.ts';
import { Receiver } from './webhook-receiver.ts';

/*
 * No event is lost when a server is killed (decision 117): a server process takes deliveries and
 * is killed with SIGKILL while the endpoint holds them unanswered, with more events still in the
 * outbox; another instance started on the same database delivers every one of them, each answered
 * exactly once per webhook-id.
 */

let holding = true;
const receiver = await Receiver.start(() => (holding ? 'hold' : 200));
const t = await createTestApp({ ALLOW_PRIVATE_WEBHOOKS: '1' });
let child: ServerProcess | null = null;
afterAll(async () => {
  await child?.kill();
  await t.close();
  await receiver.close();
});

it(
  'delivers every event exactly once by id after a kill -9 mid-delivery',
  { timeout: 120_000 },
  async () => {
    // This instance only writes: its worker stays off, as if it were not running.
    await t.app.deliveryWorker.stop();
    const admin = await signedInStaff(t.app, 'admin');
    const taxonomy = await createTaxonomy(t.app, admin.headers);
    const created = await call(t.app, {
      method: 'POST',
      url: '/api/v1/webhooks',
      headers: admin.headers,
      payload: { url: receiver.url('/hook'), events: ['news.published'] },
    });
    expect(created.status, created.body.message).toBe(200);
    const endpoint = created.body.data as { _id: string; secret: string };

    child = await ServerProcess.start({
      DATA_DIR: t.dataDir,
      ...(t.databaseUrl ? { DATABASE_URL: t.databaseUrl } : {}),
      SEED_DEMO: '0',
      LOG_LEVEL: 'silent',
      ADMIN_SIGNUP_CODE: SIGNUP_CODE,
      PUBLIC_URL: 'http://news.test',
      ALLOW_PRIVATE_WEBHOOKS: '1',
    });
    for (let n = 0; n < 5; n++) {
      const res = await fetch(`${child.baseUrl}/api/v1/news/create`, {
        method: 'POST',
        headers: { ...admin.headers, 'content-type': 'application/json' },
        body: JSON.stringify(newsFields(taxonomy, { title: `Sent as the server died ${n}` })),
      });
      expect(res.status).toBe(200);
    }
    // The child has all five under way, unanswered, when it dies.
    expect(await within(15_000, () => Promise.resolve(receiver.received.length >= 5))).toBe(true);
    await child.kill();
    // Two more events wait in the outbox, never dispatched.
    for (let n = 0; n < 2; n++) {
      const res = await call(t.app, {
        method: 'POST',
        url: '/api/v1/news/create',
        headers: admin.headers,
        payload: newsFields(taxonomy, { title: `Written while no worker ran ${n}` }),
      });
      expect(res.status).toBe(200);
    }
    holding = false;

    const next = await createSiblingApp(t, { ALLOW_PRIVATE_WEBHOOKS: '1' });
    try {
      const answered = () => receiver.received.filter((r) => r.status === 200);
      expect(await within(60_000, () => Promise.resolve(answered().length >= 7))).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const verifier = new Webhook(endpoint.secret);
      const ids = answered().map((r) => {
        verifier.verify(r.body, r.headers);
        return r.headers['webhook-id'];
      });
      // Each event answered once; the ones killed mid-flight were sent again with the same id.
      expect(ids).toHaveLength(7);
      expect(new Set(ids).size).toBe(7);
      const heldIds = receiver.received
        .filter((r) => r.status === null)
        .map((r) => r.headers['webhook-id']);
      expect(heldIds.length).toBeGreaterThanOrEqual(5);
      for (const id of heldIds) expect(ids).toContain(id);

      const list = await call(next.app, {
        method: 'GET',
        url: `/api/v1/webhooks/${endpoint._id}/deliveries`,
        headers: admin.headers,
      });
      const rows = list.body.data as WebhookDelivery[];
      expect(rows).toHaveLength(7);
      expect(rows.every((row) => row.status === 'delivered')).toBe(true);
      expect(rows.map((row) => row.eventId).sort()).toEqual([...ids].sort());
    } finally {
      await next.close();
    }
  },
);
