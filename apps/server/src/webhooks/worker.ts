import type { Kysely } from 'kysely';
import { publicPaths } from '@newsroom/contract';
import type { Database } from '../db/schema.ts';
import { SecretBox } from '../security/secret-box.ts';
import { isoNow, type Clock } from '../domain/clock.ts';
import { queueDelivery, type Claim, type DeliveryQueue } from './queue.ts';
import { quietWarning, type WarningLog } from './quiet-warning.ts';
import { eventsOf, type DeliveryRow } from './repo.ts';
import { nextAttempt } from './schedule.ts';
import { post, type Answer } from './send.ts';
import { signedHeaders } from './sign.ts';

/** How often each instance looks for events and deliveries that are due. */
const POLL_MS = 500;
/** Deliveries under way at once on one instance: the worker never holds more connections. */
export const DELIVERY_CONCURRENCY = 16;
/** Events moved from the outbox to the queue in one round. */
const DISPATCH_BATCH = 100;

export interface WorkerSettings {
  db: Kysely<Database>;
  clock: Clock;
  log: WarningLog;
  /** PUBLIC_URL: the articles' and feeds' absolute addresses. */
  publicUrl: string;
  /** WEBSUB_HUB_URL: the hub told of changed feeds (decision 118); none when unset. */
  hubUrl: string | undefined;
  allowPrivate: boolean;
  /** Opens the endpoints' sealed secrets (security/secret-box.ts, SECRET_PURPOSE). */
  box: SecretBox;
  /** Holds the attempts in time and hands each to one taker (queue.ts). */
  queue: DeliveryQueue;
}

interface Taken {
  claim: Claim;
  delivery: DeliveryRow;
  eventType: string;
  data: string;
  at: string;
  url: string | null;
  secret: string | null;
}

/**
 * The outbox → queue → delivery path (decision 117), run by every instance against the shared
 * database. Each round, (1) events whose time has come move from the outbox to the queue, one
 * delivery per endpoint asking for their type and one WebSub ping per changed feed, in one
 * transaction that also marks the event dispatched (an event is dispatched by one instance, once)
 * and queues each delivery's first attempt; (2) due attempts are taken from the queue (queue.ts:
 * pg-boss on PostgreSQL, a lease on the row on SQLite; one taker each) and sent, at most
 * DELIVERY_CONCURRENCY at a time, each bounded by a timeout; the outcome is written, and the next
 * attempt queued, in one transaction. A process killed mid-delivery leaves its claim to expire:
 * another instance (or the restarted one) sends again with the same `webhook-id` (the event's id),
 * by which the receiver knows it has it.
 */
export class DeliveryWorker {
  private timer: NodeJS.Timeout | null = null;
  private round: Promise<void> | null = null;
  private again = false;
  private readonly underWay = new Set<Promise<void>>();
  private stopped = false;
  private readonly roundFailed: (error: unknown) => void;
  /**
   * Outcomes are written one at a time: sixteen answers arriving together would otherwise hold
   * sixteen of the site's database connections at once, and readers' requests would wait for them.
   */
  private writing: Promise<unknown> = Promise.resolve();

  constructor(private readonly settings: WorkerSettings) {
    this.roundFailed = quietWarning(settings.log, 'Webhook delivery round failed');
  }

  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => this.poke(), POLL_MS);
    this.timer.unref();
    this.poke();
  }

  /** Something is waiting: look now rather than at the next poll. */
  poke(): void {
    if (this.stopped) return;
    if (this.round) {
      this.again = true;
      return;
    }
    this.round = this.work()
      .catch((error: unknown) => {
        this.roundFailed(error);
      })
      .finally(() => {
        this.round = null;
        if (this.again) {
          this.again = false;
          this.poke();
        }
      });
  }

  /** Stops taking work and waits for the deliveries under way (each bounded by its timeout). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.round;
    await Promise.all(this.underWay);
  }

  private async work(): Promise<void> {
    while (!this.stopped && (await this.dispatch()) === DISPATCH_BATCH);
    if (this.stopped) return;
    await this.take();
  }

  /** Moves due events from the outbox to the queue; returns how many were looked at. */
  private async dispatch(): Promise<number> {
    const { db, clock } = this.settings;
    const now = isoNow(clock);
    const due = await db
      .selectFrom('webhook_events')
      .select('id')
      .where('dispatched_at', 'is', null)
      .where('available_at', '<=', now)
      .orderBy('available_at')
      .limit(DISPATCH_BATCH)
      .execute();
    if (due.length === 0) return 0;
    const endpoints = await db.selectFrom('webhook_endpoints').select(['id', 'events']).execute();
    for (const { id } of due) {
      await db.transaction().execute(async (trx) => {
        const marked = await trx
          .updateTable('webhook_events')
          .set({ dispatched_at: now })
          .where('id', '=', id)
          .where('dispatched_at', 'is', null)
          .returningAll()
          .executeTakeFirst();
        // Taken by another instance meanwhile.
        if (!marked) return;
        if (!(await this.stillDue(trx, marked, now))) {
          await trx.deleteFrom('webhook_events').where('id', '=', id).execute();
          return;
        }
        let queued = 0;
        for (const endpoint of endpoints) {
          if (!(eventsOf(endpoint) as string[]).includes(marked.type)) continue;
          await queueDelivery(trx, this.settings.queue, {
            eventId: id,
            type: marked.type,
            at: now,
            endpoint_id: endpoint.id,
          });
          queued += 1;
        }
        queued += await this.queuePings(trx, id, JSON.parse(marked.feeds) as string[], now);
        // An event nobody asked for leaves nothing behind.
        if (queued === 0) await trx.deleteFrom('webhook_events').where('id', '=', id).execute();
      });
    }
    return due.length;
  }

  /**
   * A scheduled publication (`available_at` after `created_at`) goes out only if the article is
   * public at that very time: a write since would have withdrawn it, and this is the last check.
   */
  private async stillDue(
    trx: Kysely<Database>,
    event: { type: string; news_id: string | null; created_at: string; available_at: string },
    now: string,
  ): Promise<boolean> {
    if (event.available_at <= event.created_at || event.news_id === null) return true;
    const article = await trx
      .selectFrom('news')
      .select(['status', 'draft', 'created_at'])
      .where('id', '=', event.news_id)
      .executeTakeFirst();
    return (
      article !== undefined &&
      Number(article.status) === 1 &&
      Number(article.draft) === 0 &&
      article.created_at === event.available_at &&
      article.created_at <= now
    );
  }

  /**
   * One WebSub ping per changed feed (decision 118); a feed with a ping still waiting for its
   * first attempt is not pinged twice: the hub fetches the feed as it is then.
   */
  private async queuePings(
    trx: Kysely<Database>,
    eventId: string,
    feeds: string[],
    now: string,
  ): Promise<number> {
    const { hubUrl, publicUrl } = this.settings;
    if (!hubUrl || feeds.length === 0) return 0;
    let queued = 0;
    for (const path of feeds) {
      const feedUrl = publicUrl + path;
      const waiting = await trx
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('feed_url', '=', feedUrl)
        .where('status', '=', 'pending')
        .where('attempts', '=', 0)
        .where('lease_until', 'is', null)
        .executeTakeFirst();
      if (waiting) continue;
      await queueDelivery(trx, this.settings.queue, {
        eventId,
        type: 'websub.publish',
        at: now,
        feed_url: feedUrl,
      });
      queued += 1;
    }
    return queued;
  }

  /** Takes as many due deliveries as there is room for, and sends them. */
  private async take(): Promise<void> {
    const room = DELIVERY_CONCURRENCY - this.underWay.size;
    if (room <= 0) return;
    const { db, clock, queue } = this.settings;
    const claims = await queue.take(room, isoNow(clock));
    if (claims.length === 0) return;
    const rows = await db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
      .leftJoin('webhook_endpoints as w', 'w.id', 'd.endpoint_id')
      .selectAll('d')
      .select(['e.type as eventType', 'e.data', 'e.available_at as at', 'w.url', 'w.secret'])
      .where(
        'd.id',
        'in',
        claims.map((claim) => claim.deliveryId),
      )
      .execute();
    const stale: Claim[] = [];
    for (const claim of claims) {
      const row = rows.find((r) => r.id === claim.deliveryId);
      // Sent again by hand, delivered or removed since this attempt was queued.
      if (!row || row.status !== 'pending' || row.lease_token !== claim.token) {
        stale.push(claim);
        continue;
      }
      const { eventType, data, at, url, secret, ...delivery } = row;
      const job = this.attempt({ claim, delivery, eventType, data, at, url, secret }).finally(
        () => {
          this.underWay.delete(job);
          this.poke();
        },
      );
      this.underWay.add(job);
    }
    await queue.release(stale);
    // A full round: more may be waiting.
    if (claims.length === room) this.again = true;
  }

  /** One attempt of one delivery, and its outcome written (only while the claim is ours). */
  private async attempt(taken: Taken): Promise<void> {
    const { clock, db, queue } = this.settings;
    const { delivery, claim } = taken;
    let answer: Answer | null = null;
    let failure: string | null = null;
    try {
      answer = await this.send(taken);
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
    }
    const at = clock.now();
    const attempts = Number(delivery.attempts) + 1;
    const delivered = answer !== null && answer.status >= 200 && answer.status < 300;
    const next = delivered ? null : nextAttempt(attempts, at, new Date(delivery.window_start));
    const write = () =>
      db.transaction().execute(async (trx) => {
        const leaseToken = next
          ? await queue.schedule(trx, delivery.id, next.getTime() - at.getTime())
          : null;
        const written = await trx
          .updateTable('webhook_deliveries')
          .set({
            status: delivered ? 'delivered' : next ? 'pending' : 'failed',
            attempts,
            last_attempt_at: at.toISOString(),
            response_status: answer?.status ?? null,
            response_excerpt: answer?.excerpt ?? failure,
            next_attempt_at: (next ?? at).toISOString(),
            lease_until: null,
            lease_token: leaseToken,
          })
          .where('id', '=', delivery.id)
          .where('lease_token', '=', claim.token)
          .executeTakeFirst();
        // The claim was lost meanwhile (sent again by hand): the new one decides what comes next.
        if (Number(written.numUpdatedRows) === 0) throw new ClaimLost();
        await queue.finish(trx, claim);
      });
    const written = this.writing.then(write);
    this.writing = written.catch(() => undefined);
    try {
      await written;
    } catch (error) {
      if (error instanceof ClaimLost) {
        await queue.release([claim]).catch(() => undefined);
        return;
      }
      // The claim runs out and the delivery is taken again: sent twice, never lost.
      this.settings.log.warn({ err: error }, 'Could not record a webhook delivery');
    }
  }

  private send(taken: Taken): Promise<Answer> {
    const { delivery } = taken;
    const { allowPrivate } = this.settings;
    if (delivery.feed_url !== null) {
      const hub = this.settings.hubUrl;
      if (!hub) return Promise.reject(new Error('WEBSUB_HUB_URL is not set'));
      const form = new URLSearchParams({ 'hub.mode': 'publish', 'hub.url': delivery.feed_url });
      // The hub is the site's own choice: no address rule applies to it.
      return post(
        hub,
        form.toString(),
        { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': USER_AGENT },
        { allowPrivate: true },
      );
    }
    if (taken.url === null || taken.secret === null) {
      return Promise.reject(new Error('The endpoint was removed'));
    }
    // A secret from before sealing is kept as it is until the next start seals it.
    const secret = SecretBox.isSealed(taken.secret)
      ? this.settings.box.open(taken.secret)
      : taken.secret;
    if (secret === null) {
      return Promise.reject(
        new Error(
          'The endpoint’s secret cannot be read since the server’s key (JWT_SECRET) changed: register the endpoint again',
        ),
      );
    }
    const data = JSON.parse(taken.data) as Record<string, unknown>;
    if (typeof data.slug === 'string' && data.slug !== '') {
      data.url = this.settings.publicUrl + publicPaths.article(data.slug);
    }
    const body = JSON.stringify({ type: taken.eventType, timestamp: taken.at, data });
    // The receiver checks it against its own clock: the machine's time, whatever the site's.
    const seconds = Math.floor(Date.now() / 1000);
    return post(
      taken.url,
      body,
      {
        'content-type': 'application/json',
        'user-agent': USER_AGENT,
        // The event's id: the same for every attempt, and across endpoints (as Svix does).
        ...signedHeaders(secret, delivery.event_id, seconds, body),
      },
      { allowPrivate },
    );
  }
}

const USER_AGENT = 'Newsroom-Webhooks/1';

/** Rolls back an outcome whose claim another taker or a "send again" holds now. */
class ClaimLost extends Error {}
