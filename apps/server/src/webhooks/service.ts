import type { Kysely } from 'kysely';
import {
  WEBHOOK_DELIVERIES_PER_PAGE,
  WEBHOOK_TEST_EVENT,
  type Webhook,
  type WebhookCreated,
  type WebhookDelivery,
  type WebhookInput,
  type WebhookUpdate,
} from '@newsroom/contract';
import { changesBetween, recordAudit } from '../audit/record.ts';
import { newId } from '../db/ids.ts';
import type { Database } from '../db/schema.ts';
import type { Actor } from '../domain/actor.ts';
import { isoNow, type Clock } from '../domain/clock.ts';
import { DomainError, validationFailed } from '../domain/errors.ts';
import { hostOf, PrivateAddressError, resolvePublic } from './addresses.ts';
import { queueDelivery, type DeliveryQueue } from './queue.ts';
import { eventsOf, toDelivery, toWebhook, WebhookRepository, type EndpointRow } from './repo.ts';
import type { SecretBox } from '../security/secret-box.ts';
import { newSecret } from './sign.ts';

/**
 * How long events and their deliveries stay listed after they were sent (decision 122): long
 * enough to look into a month of an endpoint's answers, short enough that the queue's tables stay
 * small. Pending deliveries (retried for 24 hours, or sent again) are never removed.
 */
export const WEBHOOK_HISTORY_DAYS = 30;
/** Events removed per statement, so the sweep never holds the database for long. */
const SWEEP_BATCH = 500;

export interface WebhookSettings {
  /** ALLOW_PRIVATE_WEBHOOKS: loopback and private addresses may be registered and reached. */
  allowPrivate: boolean;
  clock: Clock;
  /** Seals the secrets kept in the database (security/secret-box.ts, SECRET_PURPOSE). */
  box: SecretBox;
  /** Where a test or a delivery sent again is queued (queue.ts). */
  queue: DeliveryQueue;
}

/**
 * Webhook endpoints (decision 117): admins register, change and remove them (each change in the
 * audit trail, in its own transaction), list their deliveries, send one again or send a test. The
 * secret is made here and shown only in the answer of the registration; the database keeps it
 * sealed (decision 121).
 */
export class WebhookService {
  private readonly repo: WebhookRepository;
  private queued: () => void = () => undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly settings: WebhookSettings,
  ) {
    this.repo = new WebhookRepository(db);
  }

  /** Told when a delivery is waiting, so this instance's worker takes it at once. */
  whenQueued(listener: () => void): void {
    this.queued = listener;
  }

  async list(): Promise<Webhook[]> {
    return (await this.repo.list()).map(toWebhook);
  }

  async create(input: WebhookInput, actor: Actor): Promise<WebhookCreated> {
    await this.assertReachable(input.url);
    const at = isoNow(this.settings.clock);
    const secret = newSecret();
    const row: EndpointRow = {
      id: newId(),
      url: input.url,
      events: JSON.stringify(input.events),
      secret: this.settings.box.seal(secret),
      created_by: actor.id,
      created_at: at,
      updated_at: at,
    };
    await this.db.transaction().execute(async (trx) => {
      await new WebhookRepository(trx).insert(row);
      await recordAudit(trx, actor, {
        action: 'create',
        kind: 'webhook',
        thingId: row.id,
        title: row.url,
        changes: changesBetween(null, audited(row)),
      });
    });
    return { ...toWebhook(row), secret };
  }

  /** Removes the events sent more than WEBHOOK_HISTORY_DAYS ago and their deliveries. */
  async sweepHistory(): Promise<number> {
    const now = this.settings.clock.now().getTime();
    const before = new Date(now - WEBHOOK_HISTORY_DAYS * 24 * 60 * 60 * 1000).toISOString();
    let total = 0;
    for (;;) {
      const removed = await this.repo.removeSettledEvents(before, SWEEP_BATCH);
      total += removed;
      if (removed < SWEEP_BATCH) return total;
    }
  }

  /**
   * Seals the secrets of endpoints registered before secrets were sealed (run at start, before
   * the worker; a value changed meanwhile by another instance is left to it).
   */
  async sealPlainSecrets(): Promise<number> {
    const plain = await this.repo.plainSecrets();
    for (const { id, secret } of plain) {
      await this.repo.setSecret(id, this.settings.box.seal(secret), secret);
    }
    return plain.length;
  }

  async update(id: string, input: WebhookUpdate, actor: Actor): Promise<Webhook> {
    if (input.url !== undefined) await this.assertReachable(input.url);
    return this.db.transaction().execute(async (trx) => {
      const repo = new WebhookRepository(trx);
      const before = await repo.find(id);
      if (!before) throw endpointNotFound();
      const after: EndpointRow = {
        ...before,
        url: input.url ?? before.url,
        events: input.events ? JSON.stringify(input.events) : before.events,
        updated_at: isoNow(this.settings.clock),
      };
      await repo.update(id, after);
      await recordAudit(trx, actor, {
        action: 'update',
        kind: 'webhook',
        thingId: id,
        title: after.url,
        changes: changesBetween(audited(before), audited(after)),
      });
      return toWebhook(after);
    });
  }

  /** Removes the endpoint; its deliveries, sent or waiting, go with it. */
  async remove(id: string, actor: Actor): Promise<Webhook> {
    return this.db.transaction().execute(async (trx) => {
      const repo = new WebhookRepository(trx);
      const row = await repo.find(id);
      if (!row) throw endpointNotFound();
      await repo.remove(id);
      await recordAudit(trx, actor, {
        action: 'delete',
        kind: 'webhook',
        thingId: id,
        title: row.url,
        changes: changesBetween(audited(row), null),
      });
      return toWebhook(row);
    });
  }

  async deliveries(
    endpointId: string,
    page: number,
  ): Promise<{ data: WebhookDelivery[]; count: number }> {
    await this.endpoint(endpointId);
    const limit = WEBHOOK_DELIVERIES_PER_PAGE;
    const { rows, count } = await this.repo.deliveries(endpointId, limit, (page - 1) * limit);
    return { data: rows.map(toDelivery), count };
  }

  /** "Send again": the same event, with the same `webhook-id`, at the next round. */
  async resend(endpointId: string, deliveryId: string): Promise<WebhookDelivery> {
    await this.endpoint(endpointId);
    const found = await this.repo.delivery(endpointId, deliveryId);
    if (!found) throw new DomainError('NOT_FOUND', 'No such delivery of this webhook');
    await this.db.transaction().execute(async (trx) => {
      const leaseToken = await this.settings.queue.schedule(trx, deliveryId, 0);
      await new WebhookRepository(trx).resend(deliveryId, isoNow(this.settings.clock), leaseToken);
    });
    this.queued();
    return this.deliveryOf(endpointId, deliveryId);
  }

  /** "Send a test": a `webhook.test` event to this endpoint only. */
  async test(endpointId: string): Promise<WebhookDelivery> {
    const endpoint = await this.endpoint(endpointId);
    const at = isoNow(this.settings.clock);
    const eventId = newId();
    const deliveryId = newId();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('webhook_events')
        .values({
          id: eventId,
          type: WEBHOOK_TEST_EVENT,
          news_id: null,
          data: JSON.stringify({ webhookId: endpoint.id, message: 'A test delivery' }),
          feeds: '[]',
          created_at: at,
          available_at: at,
          dispatched_at: at,
        })
        .execute();
      await queueDelivery(trx, this.settings.queue, {
        id: deliveryId,
        eventId,
        type: WEBHOOK_TEST_EVENT,
        at,
        endpoint_id: endpoint.id,
      });
    });
    this.queued();
    return this.deliveryOf(endpointId, deliveryId);
  }

  private async endpoint(id: string): Promise<EndpointRow> {
    const row = await this.repo.find(id);
    if (!row) throw endpointNotFound();
    return row;
  }

  private async deliveryOf(endpointId: string, deliveryId: string): Promise<WebhookDelivery> {
    const row = await this.repo.delivery(endpointId, deliveryId);
    if (!row) throw new DomainError('NOT_FOUND', 'No such delivery of this webhook');
    return toDelivery(row);
  }

  /** 400 for a URL whose host is not public (unless allowed) or does not resolve. */
  private async assertReachable(url: string): Promise<void> {
    const host = hostOf(new URL(url));
    try {
      await resolvePublic(host, this.settings.allowPrivate);
    } catch (error) {
      const message =
        error instanceof PrivateAddressError
          ? `url: ${error.message}`
          : `url: ${host} could not be resolved to an address`;
      throw validationFailed([{ path: 'url', message }]);
    }
  }
}

/** What the audit trail shows of an endpoint: never its secret. */
function audited(row: EndpointRow) {
  return { url: row.url, events: eventsOf(row).join(', ') };
}

const endpointNotFound = () => new DomainError('NOT_FOUND', 'No such webhook');
