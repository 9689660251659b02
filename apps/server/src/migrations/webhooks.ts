import type { Kysely, Migration } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not as it is typed now */
type AnyDb = Kysely<any>;
/* eslint-enable @typescript-eslint/no-explicit-any */

/**
 * 0020_webhooks (decisions 117, 118): the endpoints admins register; the outbox of events, each
 * written in the transaction of the change it tells of; and the queue of deliveries, one per event
 * and endpoint (the event's id is the `webhook-id` of every attempt) or per WebSub ping of a feed, taken by
 * one instance at a time under a lease.
 */
export const webhooksMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('webhook_endpoints')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('url', 'text', (c) => c.notNull())
      // JSON array of event names.
      .addColumn('events', 'text', (c) => c.notNull())
      .addColumn('secret', 'text', (c) => c.notNull())
      .addColumn('created_by', 'text', (c) => c.references('admins.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('webhook_events')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('type', 'text', (c) => c.notNull())
      // The article it is about (no reference: a deleted article's event still goes out).
      .addColumn('news_id', 'text')
      // JSON: the `data` of the delivery, without the URL (made from PUBLIC_URL when sent).
      .addColumn('data', 'text', (c) => c.notNull())
      // JSON array of the paths of the feeds the change altered (WebSub pings).
      .addColumn('feeds', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      // Not before this time (a scheduled publication: its time).
      .addColumn('available_at', 'text', (c) => c.notNull())
      .addColumn('dispatched_at', 'text')
      .execute();
    await db.schema
      .createIndex('webhook_events_due_idx')
      .on('webhook_events')
      .columns(['dispatched_at', 'available_at'])
      .execute();
    await db.schema
      .createIndex('webhook_events_news_idx')
      .on('webhook_events')
      .columns(['news_id', 'dispatched_at'])
      .execute();

    await db.schema
      .createTable('webhook_deliveries')
      .addColumn('id', 'text', (c) => c.primaryKey())
      // Null for a WebSub ping.
      .addColumn('endpoint_id', 'text', (c) =>
        c.references('webhook_endpoints.id').onDelete('cascade'),
      )
      .addColumn('event_id', 'text', (c) =>
        c.notNull().references('webhook_events.id').onDelete('cascade'),
      )
      .addColumn('type', 'text', (c) => c.notNull())
      // A WebSub ping's feed URL.
      .addColumn('feed_url', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      // Retries go on for 24 hours from here: its creation, or a "send again".
      .addColumn('window_start', 'text', (c) => c.notNull())
      .addColumn('next_attempt_at', 'text', (c) => c.notNull())
      .addColumn('lease_until', 'text')
      .addColumn('lease_token', 'text')
      .addColumn('last_attempt_at', 'text')
      .addColumn('response_status', 'integer')
      .addColumn('response_excerpt', 'text')
      .addUniqueConstraint('webhook_deliveries_endpoint_event_uq', ['endpoint_id', 'event_id'])
      .execute();
    await db.schema
      .createIndex('webhook_deliveries_due_idx')
      .on('webhook_deliveries')
      .columns(['status', 'next_attempt_at'])
      .execute();
    await db.schema
      .createIndex('webhook_deliveries_endpoint_idx')
      .on('webhook_deliveries')
      .columns(['endpoint_id', 'created_at'])
      .execute();
    await db.schema
      .createIndex('webhook_deliveries_event_idx')
      .on('webhook_deliveries')
      .column('event_id')
      .execute();
  },

  async down(db: AnyDb) {
    await db.schema.dropTable('webhook_deliveries').execute();
    await db.schema.dropTable('webhook_events').execute();
    await db.schema.dropTable('webhook_endpoints').execute();
  },
};
