import type { Kysely } from 'kysely';
import { newId } from '../db/ids.ts';
import type { Database } from '../db/schema.ts';
import { DELIVERY_TIMEOUT_MS } from './send.ts';

/** How long a taken delivery is its taker's: past it, a crashed taker's work is taken again. */
export const LEASE_MS = DELIVERY_TIMEOUT_MS + 5_000;

/** One taken delivery: its row, and the token its row's `lease_token` holds while it is ours. */
export interface Claim {
  deliveryId: string;
  token: string;
}

/**
 * What holds the deliveries' attempts in time and hands each to one taker across every instance
 * (decision 124): pg-boss on PostgreSQL (pg-boss-queue.ts), a lease on the row on SQLite
 * (TableQueue). The rows of `webhook_deliveries` stay the record the screens list; a row's
 * `lease_token` names the claim its next attempt belongs to, and an outcome is written only under
 * that claim, so a taker that lost it (the delivery was sent again, or its lease ran out) writes
 * nothing.
 */
export interface DeliveryQueue {
  start(): Promise<void>;
  stop(): Promise<void>;
  /**
   * Inside the transaction that writes a delivery as pending: its next attempt is due after
   * `delayMs`. Returns what the row's `lease_token` must hold (null when the row itself is the
   * queue).
   */
  schedule(trx: Kysely<Database>, deliveryId: string, delayMs: number): Promise<string | null>;
  /** Takes up to `room` due deliveries, each for one taker. */
  take(room: number, now: string): Promise<Claim[]>;
  /** Inside the transaction that writes an attempt's outcome: the claim is done. */
  finish(trx: Kysely<Database>, claim: Claim): Promise<void>;
  /** Claims whose delivery moved on meanwhile (sent again by hand, or removed): let them go. */
  release(claims: Claim[]): Promise<void>;
}

/**
 * The embedded queue for SQLite, where one process owns the database: a delivery is due when its
 * row's `next_attempt_at` has come and no live lease holds it; a conditional update takes it (one
 * taker each) with a lease that a crashed taker leaves to run out.
 */
export class TableQueue implements DeliveryQueue {
  constructor(private readonly db: Kysely<Database>) {}

  async start(): Promise<void> {}

  async stop(): Promise<void> {}

  async schedule(): Promise<string | null> {
    return null;
  }

  async take(room: number, now: string): Promise<Claim[]> {
    const token = newId();
    const due = this.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]))
      .orderBy('next_attempt_at')
      .limit(room);
    const taken = await this.db
      .updateTable('webhook_deliveries')
      .set({ lease_token: token, lease_until: new Date(Date.parse(now) + LEASE_MS).toISOString() })
      .where('id', 'in', due)
      .where('status', '=', 'pending')
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]))
      .returning('id')
      .execute();
    return taken.map(({ id }) => ({ deliveryId: id, token }));
  }

  async finish(): Promise<void> {}

  async release(): Promise<void> {}
}

/**
 * Writes a delivery whose first attempt is due at `at`, queued in the same transaction (`trx`):
 * the relay's delivery of an event or WebSub ping, or "send a test". Returns its id.
 */
export async function queueDelivery(
  trx: Kysely<Database>,
  queue: DeliveryQueue,
  fields: { id?: string; eventId: string; type: string; at: string } & (
    { endpoint_id: string } | { feed_url: string }
  ),
): Promise<string> {
  const id = fields.id ?? newId();
  const leaseToken = await queue.schedule(trx, id, 0);
  await trx
    .insertInto('webhook_deliveries')
    .values({
      id,
      endpoint_id: 'endpoint_id' in fields ? fields.endpoint_id : null,
      event_id: fields.eventId,
      type: fields.type,
      feed_url: 'feed_url' in fields ? fields.feed_url : null,
      status: 'pending',
      created_at: fields.at,
      window_start: fields.at,
      next_attempt_at: fields.at,
      lease_until: null,
      lease_token: leaseToken,
      last_attempt_at: null,
      response_status: null,
      response_excerpt: null,
    })
    .execute();
  return id;
}
