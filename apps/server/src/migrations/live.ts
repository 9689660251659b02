import { sql, type Kysely, type Migration } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not as it is typed now */
type AnyDb = Kysely<any>;
/* eslint-enable @typescript-eslint/no-explicit-any */

/**
 * 0019_live (decision 115): live pages. An article with `live = 1` is a live page until
 * `live_ended_at`; `live_seq` numbers its changes (each entry written, edited or deleted, and the
 * end of coverage), the `id:` of its Server-Sent Events. An entry row keeps the sequence of its
 * creation and of its last change, and a deleted entry stays as a tombstone (`deleted_at`), so a
 * reader who reconnects gets each missed change once from the entries themselves. Every state an
 * entry has had is a row of `live_entry_versions`. Like corrections, entries name their article
 * and writer without a foreign key: they stay in the record when either goes.
 */
export const liveMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable('news')
      .addColumn('live', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('news').addColumn('live_ended_at', 'text').execute();
    await db.schema
      .alterTable('news')
      .addColumn('live_seq', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await db.schema
      .createTable('live_entries')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('news_id', 'text', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('image_key', 'text')
      .addColumn('alt', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('video_url', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('pinned', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('key_event', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('created_by', 'text')
      .addColumn('created_by_name', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('deleted_at', 'text')
      .addColumn('created_seq', 'integer', (c) => c.notNull())
      .addColumn('seq', 'integer', (c) => c.notNull())
      .execute();
    // A page of a live page's entries, newest first, older than one of them.
    await sql`create index live_entries_page_idx on live_entries (news_id, created_at desc, id desc)`.execute(
      db,
    );
    // The changes after a sequence, for a reader who reconnects.
    await db.schema
      .createIndex('live_entries_seq_idx')
      .on('live_entries')
      .columns(['news_id', 'seq'])
      .execute();
    // The pinned entries and key events at the top of the page: a few rows each.
    await sql`create index live_entries_pinned_idx on live_entries (news_id, created_at desc) where pinned = 1 and deleted_at is null`.execute(
      db,
    );
    await sql`create index live_entries_key_idx on live_entries (news_id, created_at desc) where key_event = 1 and deleted_at is null`.execute(
      db,
    );

    await db.schema
      .createTable('live_entry_versions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('entry_id', 'text', (c) =>
        c.notNull().references('live_entries.id').onDelete('cascade'),
      )
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('image_key', 'text')
      .addColumn('alt', 'text', (c) => c.notNull())
      .addColumn('video_url', 'text', (c) => c.notNull())
      .addColumn('pinned', 'integer', (c) => c.notNull())
      .addColumn('key_event', 'integer', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('by_id', 'text')
      .addColumn('by_name', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('live_entry_versions_entry_idx')
      .on('live_entry_versions')
      .columns(['entry_id', 'at'])
      .execute();
  },

  async down(db: AnyDb) {
    await db.schema.dropTable('live_entry_versions').execute();
    await db.schema.dropTable('live_entries').execute();
    await db.schema.alterTable('news').dropColumn('live_seq').execute();
    await db.schema.alterTable('news').dropColumn('live_ended_at').execute();
    await db.schema.alterTable('news').dropColumn('live').execute();
  },
};
