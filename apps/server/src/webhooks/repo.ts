import type { Kysely, Selectable } from 'kysely';
import {
  WEBHOOK_EVENTS,
  type Webhook,
  type WebhookDelivery,
  type WebhookEvent,
} from '@newsroom/contract';
import type { Database, WebhookDeliveryTable, WebhookEndpointTable } from '../db/schema.ts';

export type EndpointRow = Selectable<WebhookEndpointTable>;
export type DeliveryRow = Selectable<WebhookDeliveryTable>;

/** The endpoints and their deliveries as stored (migrations/webhooks.ts). */
export class WebhookRepository {
  constructor(private readonly db: Kysely<Database>) {}

  list(): Promise<EndpointRow[]> {
    return this.db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  find(id: string): Promise<EndpointRow | undefined> {
    return this.db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async insert(row: EndpointRow): Promise<void> {
    await this.db.insertInto('webhook_endpoints').values(row).execute();
  }

  async update(
    id: string,
    fields: Pick<EndpointRow, 'url' | 'events' | 'updated_at'>,
  ): Promise<void> {
    await this.db.updateTable('webhook_endpoints').set(fields).where('id', '=', id).execute();
  }

  /** Endpoints whose secret is kept as it is (registered before secrets were sealed). */
  plainSecrets(): Promise<Array<Pick<EndpointRow, 'id' | 'secret'>>> {
    return this.db
      .selectFrom('webhook_endpoints')
      .select(['id', 'secret'])
      .where('secret', 'like', 'whsec_%')
      .execute();
  }

  async setSecret(id: string, secret: string, plain: string): Promise<void> {
    await this.db
      .updateTable('webhook_endpoints')
      .set({ secret })
      .where('id', '=', id)
      .where('secret', '=', plain)
      .execute();
  }

  /**
   * Removes up to `limit` events dispatched before `before` none of whose deliveries is still
   * pending, their deliveries with them (by the reference's cascade); returns how many.
   */
  async removeSettledEvents(before: string, limit: number): Promise<number> {
    const removed = await this.db
      .deleteFrom('webhook_events')
      .where(
        'id',
        'in',
        this.db
          .selectFrom('webhook_events as e')
          .select('e.id')
          .where('e.dispatched_at', 'is not', null)
          .where('e.dispatched_at', '<', before)
          .where((eb) =>
            eb.not(
              eb.exists(
                eb
                  .selectFrom('webhook_deliveries as d')
                  .select('d.id')
                  .whereRef('d.event_id', '=', 'e.id')
                  .where('d.status', '=', 'pending'),
              ),
            ),
          )
          .limit(limit),
      )
      .executeTakeFirst();
    return Number(removed.numDeletedRows);
  }

  async remove(id: string): Promise<void> {
    await this.db.deleteFrom('webhook_endpoints').where('id', '=', id).execute();
  }

  /** A page of an endpoint's deliveries, newest first, and how many it has. */
  async deliveries(
    endpointId: string,
    limit: number,
    offset: number,
  ): Promise<{ rows: DeliveryRow[]; count: number }> {
    const [rows, counted] = await Promise.all([
      this.db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('endpoint_id', '=', endpointId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      this.db
        .selectFrom('webhook_deliveries')
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .where('endpoint_id', '=', endpointId)
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, count: Number(counted.count) };
  }

  delivery(endpointId: string, deliveryId: string): Promise<DeliveryRow | undefined> {
    return this.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('id', '=', deliveryId)
      .where('endpoint_id', '=', endpointId)
      .executeTakeFirst();
  }

  /**
   * "Send again": the delivery is due now, with a new 24-hour window and the same `webhook-id`
   * (its event's id, so a receiver that has it already knows it), under the queue's new claim.
   */
  async resend(deliveryId: string, now: string, leaseToken: string | null): Promise<void> {
    await this.db
      .updateTable('webhook_deliveries')
      .set({
        status: 'pending',
        next_attempt_at: now,
        window_start: now,
        lease_until: null,
        lease_token: leaseToken,
      })
      .where('id', '=', deliveryId)
      .execute();
  }
}

/** The events an endpoint asks for, read from its column. */
export function eventsOf(row: Pick<EndpointRow, 'events'>): WebhookEvent[] {
  const named: unknown = JSON.parse(row.events);
  return WEBHOOK_EVENTS.filter((event) => Array.isArray(named) && named.includes(event));
}

export function toWebhook(row: EndpointRow): Webhook {
  return {
    _id: row.id,
    url: row.url,
    events: eventsOf(row),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    _id: row.id,
    eventId: row.event_id,
    event: row.type,
    status: row.status,
    attempts: Number(row.attempts),
    createdAt: row.created_at,
    lastAttemptAt: row.last_attempt_at,
    nextAttemptAt: row.status === 'pending' ? row.next_attempt_at : null,
    responseStatus: row.response_status === null ? null : Number(row.response_status),
    responseExcerpt: row.response_excerpt,
  };
}
