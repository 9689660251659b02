import { randomUUID } from 'node:crypto';
import type { NewsDto, WebhookDelivery } from '@newsroom/contract';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTaxonomy, newsFields, within, type Taxonomy } from './factories.ts';
import { signedInStaff, type StaffMember } from './fixtures.ts';
import { call, createSiblingApp, createTestApp, type TestApp } from './helpers.ts';
import { MovableClock } from './movable-clock.ts';
import { parseXml } from './feed-readers.ts';
import { Receiver, type Received } from './webhook-receiver.ts';

/*
 * Webhooks and WebSub over the API (decisions 117, 118): admins register endpoints (the secret
 * shown once), article writes, desk moves, scheduled publications and corrections are delivered
 * signed as Standard Webhooks says (checked with its own library), failures are retried with the
 * same webhook-id, private addresses are refused at registration and at delivery, other roles get
 * 403, and a WebSub hub hears of every changed feed, named in each feed.
 */

/** Held unanswered while true: the burst endpoint's deliveries, all answered at once after. */
let holdingBurst = false;
/** What the flaky endpoint answers: 500 to its first request, 200 after. */
const receiver = await Receiver.start((request, before) => {
  if (request.path === '/burst' && holdingBurst) return 'hold';
  return request.path === '/flaky' && before === 0 ? 500 : 200;
});
const clock = new MovableClock();
const t = await createTestApp(
  { ALLOW_PRIVATE_WEBHOOKS: '1', WEBSUB_HUB_URL: receiver.url('/hub') },
  { clock },
);
afterAll(async () => {
  await t.close();
  await receiver.close();
});

let admin: StaffMember;
let editor: StaffMember;
let author: StaffMember;
let contributor: StaffMember;
let taxonomy: Taxonomy;

beforeAll(async () => {
  admin = await signedInStaff(t.app, 'admin', 'Ada Admin');
  editor = await signedInStaff(t.app, 'editor', 'Eve Editor');
  author = await signedInStaff(t.app, 'author', 'Abe Author');
  contributor = await signedInStaff(t.app, 'contributor', 'Cal Contributor');
  taxonomy = await createTaxonomy(t.app, admin.headers);
});

const register = (url: string, events: string[], app: TestApp = t, as = admin) =>
  call(app.app, {
    method: 'POST',
    url: '/api/v1/webhooks',
    headers: as.headers,
    payload: { url, events },
  });

async function registered(path: string, events: string[]) {
  const res = await register(receiver.url(path), events);
  expect(res.status, res.body.message).toBe(200);
  return res.body.data as { _id: string; secret: string; url: string; events: string[] };
}

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

/** Saves the article again with its fields as made by `story`, and `fields` over them. */
async function update(article: NewsDto, fields: Record<string, unknown>) {
  const res = await call(t.app, {
    method: 'PUT',
    url: `/api/v1/news/update/${article._id}`,
    headers: admin.headers,
    payload: newsFields(taxonomy, {
      authorIds: [author.id],
      slug: article.slug,
      title: article.title,
      ...fields,
    }),
  });
  expect(res.status, res.body.message).toBe(200);
}

/** The deliveries to `path` of events about `newsId`, verified with the endpoint's secret. */
function deliveriesOf(path: string, secret: string, newsId: string) {
  const verifier = new Webhook(secret);
  return receiver.at(path).flatMap((request) => {
    const payload = verifier.verify(request.body, request.headers) as {
      type: string;
      timestamp: string;
      data: { _id: string; slug: string; title: string; url: string };
    };
    return payload.data._id === newsId ? [{ ...payload, id: request.headers['webhook-id'] }] : [];
  });
}

async function waitFor(check: () => boolean, ms = 10_000) {
  expect(await within(ms, () => Promise.resolve(check()))).toBe(true);
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));

describe('registering an endpoint', () => {
  it('answers the secret once, lists the endpoint without it, and audits the change', async () => {
    const created = await registered(`/ep-${randomUUID()}`, ['news.updated', 'news.published']);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    // The events come back in the contract's order.
    expect(created.events).toEqual(['news.published', 'news.updated']);
    const list = await call(t.app, {
      method: 'GET',
      url: '/api/v1/webhooks',
      headers: admin.headers,
    });
    const listed = (list.body.data as Record<string, unknown>[]).find((w) => w._id === created._id);
    expect(listed).toMatchObject({ url: created.url, events: created.events });
    expect(listed).not.toHaveProperty('secret');
    expect(JSON.stringify(list.body)).not.toContain(created.secret);

    const audit = await call(t.app, {
      method: 'GET',
      url: '/api/v1/audit?kind=webhook',
      headers: admin.headers,
    });
    const entry = (
      audit.body.data as { thingId: string; action: string; changes: unknown[] }[]
    ).find((e) => e.thingId === created._id);
    expect(entry?.action).toBe('create');
    expect(JSON.stringify(entry)).not.toContain(created.secret);
  });

  it('keeps the secret sealed in the database; one kept as it was is sealed at the next start and still signs', async () => {
    const sealedOne = await registered(`/ep-${randomUUID()}`, ['news.updated']);
    const stored = async (id: string) =>
      (
        await t.app.db.kysely
          .selectFrom('webhook_endpoints')
          .select('secret')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).secret;
    // A copy of the database does not give the secret away.
    expect(await stored(sealedOne._id)).toMatch(/^v1\./);
    expect(await stored(sealedOne._id)).not.toContain(sealedOne.secret.slice(6));

    // An endpoint registered before secrets were sealed keeps its secret as it is.
    const plainPath = `/ep-${randomUUID()}`;
    const plainOne = await registered(plainPath, ['news.updated']);
    const plainSecret = 'whsec_' + Buffer.alloc(32, 7).toString('base64');
    await t.app.db.kysely
      .updateTable('webhook_endpoints')
      .set({ secret: plainSecret })
      .where('id', '=', plainOne._id)
      .execute();
    // A start of the app (a second instance here) seals it; deliveries still verify with it.
    const restarted = await createSiblingApp(t, { ALLOW_PRIVATE_WEBHOOKS: '1' }, { clock });
    try {
      expect(await stored(plainOne._id)).toMatch(/^v1\./);
      const article = await story();
      await update(article, { title: `Sealed ${randomUUID()}` });
      await waitFor(() => deliveriesOf(plainPath, plainSecret, article._id).length === 1);
    } finally {
      await restarted.close();
    }
  });

  it('changes and removes an endpoint, each in the audit trail; an unknown one is a 404', async () => {
    const created = await registered(`/ep-${randomUUID()}`, ['news.updated']);
    const changed = await call(t.app, {
      method: 'PUT',
      url: `/api/v1/webhooks/${created._id}`,
      headers: admin.headers,
      payload: { events: ['news.deleted', 'live.entry'] },
    });
    expect(changed.status, changed.body.message).toBe(200);
    expect(changed.body.data).toMatchObject({
      url: created.url,
      events: ['news.deleted', 'live.entry'],
    });
    const removed = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/webhooks/${created._id}`,
      headers: admin.headers,
    });
    expect(removed.status).toBe(200);
    const again = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/webhooks/${created._id}`,
      headers: admin.headers,
    });
    expect(again.status).toBe(404);
    const audit = await call(t.app, {
      method: 'GET',
      url: '/api/v1/audit?kind=webhook',
      headers: admin.headers,
    });
    const actions = (audit.body.data as { thingId: string; action: string }[])
      .filter((e) => e.thingId === created._id)
      .map((e) => e.action)
      .sort();
    expect(actions).toEqual(['create', 'delete', 'update']);
  });

  it('refuses bad input with a clear 400 and writes nothing', async () => {
    const before = await t.app.db.kysely.selectFrom('webhook_endpoints').select('id').execute();
    for (const [url, events, words] of [
      ['ftp://example.com/hook', ['news.published'], /http/],
      ['not a url', ['news.published'], /http/],
      [receiver.url('/x'), [], /at least one event/],
      [receiver.url('/x'), ['news.exploded'], /events/],
    ] as const) {
      const res = await register(url, [...events]);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(words);
    }
    const after = await t.app.db.kysely.selectFrom('webhook_endpoints').select('id').execute();
    expect(after).toEqual(before);
  });

  it('is for admins only: other roles get 403 and change nothing', async () => {
    const created = await registered(`/ep-${randomUUID()}`, ['news.updated']);
    const before = await t.app.db.kysely.selectFrom('webhook_endpoints').selectAll().execute();
    for (const person of [editor, author, contributor]) {
      const calls = [
        { method: 'GET', url: '/api/v1/webhooks' },
        {
          method: 'POST',
          url: '/api/v1/webhooks',
          payload: { url: receiver.url('/r'), events: ['news.updated'] },
        },
        {
          method: 'PUT',
          url: `/api/v1/webhooks/${created._id}`,
          payload: { events: ['news.deleted'] },
        },
        { method: 'DELETE', url: `/api/v1/webhooks/${created._id}` },
        { method: 'GET', url: `/api/v1/webhooks/${created._id}/deliveries` },
        { method: 'POST', url: `/api/v1/webhooks/${created._id}/test` },
      ] as const;
      for (const request of calls) {
        const res = await call(t.app, { ...request, headers: person.headers });
        expect({ ...request, status: res.status }).toMatchObject({ status: 403 });
        expect(res.body.code).toBe('FORBIDDEN');
      }
    }
    expect(await t.app.db.kysely.selectFrom('webhook_endpoints').selectAll().execute()).toEqual(
      before,
    );
  });
});

describe('deliveries', () => {
  it('tells an endpoint of each event it asked for, signed so a Standard Webhooks library verifies it', async () => {
    const path = `/all-${randomUUID()}`;
    const all = await registered(path, [
      'news.published',
      'news.updated',
      'news.unpublished',
      'news.deleted',
      'news.corrected',
    ]);
    const onlyDeletes = await registered(`/del-${randomUUID()}`, ['news.deleted']);
    const article = await story({ title: 'Webhooks carry the news' });
    await waitFor(() => receiver.at(path).length >= 1);
    await update(article, { title: 'Webhooks carry the news, updated' });
    await waitFor(() => receiver.at(path).length >= 2);
    const note = await call(t.app, {
      method: 'POST',
      url: `/api/v1/news/${article._id}/corrections`,
      headers: admin.headers,
      payload: { kind: 'correction', text: 'An earlier version misspelt the name of the river.' },
    });
    expect(note.status, note.body.message).toBe(200);
    await waitFor(() => receiver.at(path).length >= 3);
    await update(article, { stage: 'unpublished' });
    await waitFor(() => receiver.at(path).length >= 4);
    // A draft's edits and its deletion tell readers nothing: no event.
    await update(article, { title: 'Not seen by readers' });
    const gone = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/news/delete/${article._id}`,
      headers: admin.headers,
    });
    expect(gone.status).toBe(200);
    const published = await story({ title: 'Deleted while public' });
    await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/news/delete/${published._id}`,
      headers: admin.headers,
    });
    await waitFor(() => deliveriesOf(path, all.secret, published._id).length >= 2);
    await settle();

    const got = deliveriesOf(path, all.secret, article._id);
    expect(got.map((d) => d.type)).toEqual([
      'news.published',
      'news.updated',
      'news.corrected',
      'news.unpublished',
    ]);
    expect(got[0]?.data).toEqual({
      _id: article._id,
      slug: article.slug,
      title: 'Webhooks carry the news',
      url: `http://news.test/news/${article.slug}`,
    });
    expect(got[1]?.data.title).toBe('Webhooks carry the news, updated');
    expect(new Set(got.map((d) => d.id)).size).toBe(4);
    // Deliveries of different events go out side by side and may arrive in either order: a
    // receiver orders them by the event's timestamp.
    const inTimeOrder = deliveriesOf(path, all.secret, published._id).sort((a, b) =>
      a.timestamp.localeCompare(b.timestamp),
    );
    expect(inTimeOrder.map((d) => d.type)).toEqual(['news.published', 'news.deleted']);
    // The other endpoint asked for deletions only, and has its own secret.
    const deletions = deliveriesOf(
      `${onlyDeletes.url.replace(receiver.base, '')}`,
      onlyDeletes.secret,
      published._id,
    );
    expect(deletions.map((d) => d.type)).toEqual(['news.deleted']);
    expect(() =>
      new Webhook(onlyDeletes.secret).verify(
        receiver.at(path)[0]?.body ?? '',
        receiver.at(path)[0]?.headers ?? {},
      ),
    ).toThrow();

    const list = await call(t.app, {
      method: 'GET',
      url: `/api/v1/webhooks/${all._id}/deliveries?page=1`,
      headers: admin.headers,
    });
    expect(list.status).toBe(200);
    const rows = list.body.data as WebhookDelivery[];
    expect(list.body.count).toBe(6);
    expect(rows.every((row) => row.status === 'delivered' && row.attempts === 1)).toBe(true);
    expect(rows[0]).toMatchObject({ responseStatus: 200, responseExcerpt: 'thanks' });
    expect(rows.map((row) => row.eventId).sort()).toEqual(
      receiver
        .at(path)
        .map((r) => r.headers['webhook-id'])
        .sort(),
    );
  });

  it('retries a failed delivery with the same webhook-id until a 2xx, and lists each attempt', async () => {
    const flaky = await registered('/flaky', ['news.published']);
    const article = await story({ title: 'Delivered on the second try' });
    await waitFor(() => receiver.at('/flaky').some((r) => r.status === 200), 20_000);
    const tries = receiver.at('/flaky');
    expect(tries.map((r) => r.status)).toEqual([500, 200]);
    expect(tries[0]?.headers['webhook-id']).toBe(tries[1]?.headers['webhook-id']);
    expect(deliveriesOf('/flaky', flaky.secret, article._id)).toHaveLength(2);
    const listed = () =>
      call(t.app, {
        method: 'GET',
        url: `/api/v1/webhooks/${flaky._id}/deliveries`,
        headers: admin.headers,
      });
    // The answer is written after it arrived: listed once its outcome is.
    expect(
      await within(5_000, async () =>
        ((await listed()).body.data as WebhookDelivery[]).every((d) => d.status === 'delivered'),
      ),
    ).toBe(true);
    const list = await listed();
    expect(list.body.data).toEqual([
      expect.objectContaining({
        eventId: tries[0]?.headers['webhook-id'],
        event: 'news.published',
        status: 'delivered',
        attempts: 2,
        responseStatus: 200,
      }),
    ]);
  });

  it('records every outcome once when all the deliveries under way are answered at once', async () => {
    const burst = await registered('/burst', ['news.published']);
    holdingBurst = true;
    // As many as one instance has under way, more than the database connections it holds.
    for (let n = 0; n < 16; n++) await story({ title: `In the burst ${n}` });
    await waitFor(() => receiver.at('/burst').length === 16, 20_000);
    holdingBurst = false;
    receiver.release(200);
    const listed = async () => {
      const res = await call(t.app, {
        method: 'GET',
        url: `/api/v1/webhooks/${burst._id}/deliveries`,
        headers: admin.headers,
      });
      return res.body.data as WebhookDelivery[];
    };
    expect(
      await within(10_000, async () => (await listed()).every((d) => d.status === 'delivered')),
    ).toBe(true);
    await settle();
    expect((await listed()).map((d) => d.attempts)).toEqual(Array(16).fill(1));
    // Each answered once: none was taken again for want of its outcome.
    const ids = receiver.at('/burst').map((r) => r.headers['webhook-id']);
    expect(ids).toHaveLength(16);
    expect(new Set(ids).size).toBe(16);
  });

  it('sends, after a start, a pending delivery that no queue held (one left by an earlier version)', async () => {
    const path = `/adopted-${randomUUID()}`;
    const endpoint = await registered(path, ['news.published']);
    const at = clock.now().toISOString();
    const eventId = randomUUID();
    // As the queue of an earlier version left it: pending, due, no claim on it.
    await t.app.db.kysely.transaction().execute(async (trx) => {
      await trx
        .insertInto('webhook_events')
        .values({
          id: eventId,
          type: 'news.published',
          news_id: null,
          data: JSON.stringify({ _id: randomUUID(), slug: 'left-behind', title: 'Left behind' }),
          feeds: '[]',
          created_at: at,
          available_at: at,
          dispatched_at: at,
        })
        .execute();
      await trx
        .insertInto('webhook_deliveries')
        .values({
          id: randomUUID(),
          endpoint_id: endpoint._id,
          event_id: eventId,
          type: 'news.published',
          feed_url: null,
          status: 'pending',
          created_at: at,
          window_start: at,
          next_attempt_at: at,
          lease_until: null,
          lease_token: null,
          last_attempt_at: null,
          response_status: null,
          response_excerpt: null,
        })
        .execute();
    });
    const restarted = await createSiblingApp(t, { ALLOW_PRIVATE_WEBHOOKS: '1' }, { clock });
    try {
      await waitFor(() => receiver.at(path).length === 1);
      await settle();
      expect(receiver.at(path).map((r) => r.headers['webhook-id'])).toEqual([eventId]);
    } finally {
      await restarted.close();
    }
  });

  it('sends a test, and sends a delivery again with its own id', async () => {
    const path = `/test-${randomUUID()}`;
    const endpoint = await registered(path, ['news.published']);
    const test = await call(t.app, {
      method: 'POST',
      url: `/api/v1/webhooks/${endpoint._id}/test`,
      headers: admin.headers,
    });
    expect(test.status, test.body.message).toBe(200);
    const delivery = test.body.data as WebhookDelivery;
    expect(delivery).toMatchObject({ event: 'webhook.test', status: 'pending', attempts: 0 });
    await waitFor(() => receiver.at(path).length === 1);
    const first = receiver.at(path)[0] as Received;
    const payload = new Webhook(endpoint.secret).verify(first.body, first.headers) as {
      type: string;
    };
    expect(payload.type).toBe('webhook.test');
    expect(first.headers['webhook-id']).toBe(delivery.eventId);

    const again = await call(t.app, {
      method: 'POST',
      url: `/api/v1/webhooks/${endpoint._id}/deliveries/${delivery._id}/retry`,
      headers: admin.headers,
    });
    expect(again.status).toBe(200);
    await waitFor(() => receiver.at(path).length === 2);
    expect(receiver.at(path)[1]?.headers['webhook-id']).toBe(delivery.eventId);
    const unknown = await call(t.app, {
      method: 'POST',
      url: `/api/v1/webhooks/${endpoint._id}/deliveries/${randomUUID()}/retry`,
      headers: admin.headers,
    });
    expect(unknown.status).toBe(404);
  });

  it('announces a scheduled article once, at the time it finally has', async () => {
    const path = `/sched-${randomUUID()}`;
    const endpoint = await registered(path, ['news.published']);
    const first = new Date(clock.now().getTime() + 3_600_000).toISOString();
    const later = new Date(clock.now().getTime() + 7_200_000).toISOString();
    const article = await story({ title: 'Under embargo', stage: 'scheduled', publishAt: first });
    await update(article, { stage: 'scheduled', publishAt: later });
    await settle();
    expect(receiver.at(path)).toHaveLength(0);
    clock.advanceTo(new Date(Date.parse(first) + 1000).toISOString());
    await settle();
    // Moved to a later time: nothing at the first one.
    expect(receiver.at(path)).toHaveLength(0);
    clock.advanceTo(new Date(Date.parse(later) + 1000).toISOString());
    await waitFor(() => receiver.at(path).length >= 1);
    await settle();
    const got = deliveriesOf(path, endpoint.secret, article._id);
    expect(got.map((d) => d.type)).toEqual(['news.published']);
    expect(got[0]?.timestamp).toBe(later);
  });

  it('tells of a new entry of a public live page, with the entry, and of none on a draft', async () => {
    const path = `/live-${randomUUID()}`;
    const endpoint = await registered(path, ['live.entry']);
    const live = await story({ title: 'Storm live', live: true });
    const draft = await story({ title: 'Storm live, in draft', live: true, draft: true });
    const post = (article: NewsDto, text: string) =>
      call(t.app, {
        method: 'POST',
        url: `/api/v1/news/${article._id}/live`,
        headers: editor.headers,
        payload: { text: `<p>${text}</p>`, keyEvent: true },
      });
    const posted = await post(live, 'The river has burst its banks');
    expect(posted.status, posted.body.message).toBe(200);
    expect((await post(draft, 'Not yet for readers')).status).toBe(200);
    await waitFor(() => receiver.at(path).length >= 1);
    await settle();
    const got = deliveriesOf(path, endpoint.secret, live._id) as unknown as {
      type: string;
      data: { slug: string; entry: { _id: string; text: string; keyEvent: boolean } };
    }[];
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({
      type: 'live.entry',
      data: {
        slug: live.slug,
        entry: {
          _id: (posted.body.data as { _id: string })._id,
          text: '<p>The river has burst its banks</p>',
          keyEvent: true,
        },
      },
    });
    expect(deliveriesOf(path, endpoint.secret, draft._id)).toHaveLength(0);
  });
});

describe('private addresses', () => {
  it('are refused at registration without ALLOW_PRIVATE_WEBHOOKS, with a clear message', async () => {
    const strict = await createTestApp();
    try {
      const strictAdmin = await signedInStaff(strict.app, 'admin');
      for (const url of [
        'http://127.0.0.1:9/hook',
        'http://localhost/hook',
        'http://10.1.2.3/hook',
        'http://192.168.0.10/hook',
        'http://169.254.169.254/latest/meta-data',
        'http://[::1]/hook',
        'http://[::ffff:127.0.0.1]/hook',
        'http://[fd00::1]/hook',
      ]) {
        const res = await register(url, ['news.published'], strict, strictAdmin);
        expect({ url, status: res.status }).toEqual({ url, status: 400 });
        expect(res.body.message).toMatch(
          /non-public address; webhooks may only reach public addresses/,
        );
      }
      expect(
        await strict.app.db.kysely.selectFrom('webhook_endpoints').select('id').execute(),
      ).toEqual([]);
    } finally {
      await strict.close();
    }
  });

  it('are not reached at delivery either, checked against the address the name resolves to', async () => {
    const strict = await createTestApp();
    try {
      const strictAdmin = await signedInStaff(strict.app, 'admin');
      const path = `/rebound-${randomUUID()}`;
      // Registered where private addresses were allowed, delivered by an instance where they are not.
      const lax = await createSiblingApp(strict, { ALLOW_PRIVATE_WEBHOOKS: '1' });
      const url = receiver.url(path).replace('127.0.0.1', 'localhost');
      const created = await register(url, ['news.published'], lax, strictAdmin);
      await lax.close();
      expect(created.status, created.body.message).toBe(200);
      const strictTaxonomy = await createTaxonomy(strict.app, strictAdmin.headers);
      const res = await call(strict.app, {
        method: 'POST',
        url: '/api/v1/news/create',
        headers: strictAdmin.headers,
        payload: newsFields(strictTaxonomy),
      });
      expect(res.status).toBe(200);
      const id = (created.body.data as { _id: string })._id;
      const attempted = async () => {
        const list = await call(strict.app, {
          method: 'GET',
          url: `/api/v1/webhooks/${id}/deliveries`,
          headers: strictAdmin.headers,
        });
        return (list.body.data as WebhookDelivery[])[0];
      };
      expect(await within(10_000, async () => ((await attempted())?.attempts ?? 0) >= 1)).toBe(
        true,
      );
      expect(await attempted()).toMatchObject({
        status: 'pending',
        responseStatus: null,
        responseExcerpt: expect.stringMatching(
          /localhost resolves to (127\.0\.0\.1|::1).*non-public/,
        ),
      });
      expect(receiver.at(path)).toHaveLength(0);
    } finally {
      await strict.close();
    }
  });
});

describe('WebSub', () => {
  it('names the hub and the feed itself in every feed', async () => {
    await story({ authorIds: [author.id] });
    const section = (name: string) => name.toLowerCase().replaceAll(' ', '-');
    const feeds = [
      '/rss.xml',
      `/${section(taxonomy.names.category)}/rss.xml`,
      `/${section(taxonomy.names.category)}/${section(taxonomy.names.subcategory)}/rss.xml`,
      `/author/${author.slug}/rss.xml`,
      '/corrections/rss.xml',
    ];
    for (const feed of feeds) {
      const res = await t.app.inject({ method: 'GET', url: feed });
      expect(res.statusCode, feed).toBe(200);
      const channel = (parseXml(res.body).rss as { channel: Record<string, unknown> }).channel;
      const links = [channel['atom:link']].flat() as Record<string, string>[];
      expect(links).toContainEqual(
        expect.objectContaining({ '@_rel': 'hub', '@_href': receiver.url('/hub') }),
      );
      expect(links).toContainEqual(
        expect.objectContaining({ '@_rel': 'self', '@_href': `http://news.test${feed}` }),
      );
    }
  });

  it('pings the hub once for each feed a change altered', async () => {
    // The pings of earlier tests' changes are over first.
    await settle();
    const from = receiver.at('/hub').length;
    const article = await story({ title: 'Pinged to the hub', authorIds: [author.id] });
    const expected = ['http://news.test/rss.xml', `http://news.test/author/${author.slug}/rss.xml`];
    const pinged = () =>
      receiver
        .at('/hub')
        .slice(from)
        .map((r) => new URLSearchParams(r.body));
    await waitFor(() => expected.every((feed) => pinged().some((p) => p.get('hub.url') === feed)));
    await settle();
    const pings = pinged();
    expect(pings.every((p) => p.get('hub.mode') === 'publish')).toBe(true);
    const urls = pings.map((p) => p.get('hub.url'));
    // Once per feed, the category's and sub-category's among them.
    expect(new Set(urls).size).toBe(urls.length);
    expect(urls).toEqual(expect.arrayContaining(expected));
    expect(urls.filter((u) => u?.endsWith('/rss.xml')).length).toBeGreaterThanOrEqual(4);
    expect(receiver.at('/hub').slice(from)[0]?.headers['content-type']).toBe(
      'application/x-www-form-urlencoded',
    );

    const note = await call(t.app, {
      method: 'POST',
      url: `/api/v1/news/${article._id}/corrections`,
      headers: admin.headers,
      payload: { kind: 'update', text: 'This article was updated with the result of the vote.' },
    });
    expect(note.status).toBe(200);
    await waitFor(() =>
      pinged().some((p) => p.get('hub.url') === 'http://news.test/corrections/rss.xml'),
    );
  });
});
