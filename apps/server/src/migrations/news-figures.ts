import type { Kysely, Migration } from 'kysely';
import {
  backfillFigures,
  createFigureTriggers,
  dropFigureTriggers,
} from '../db/news-figures-triggers.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not as it is typed now */
type AnyDb = Kysely<any>;
/* eslint-enable @typescript-eslint/no-explicit-any */

/** The per-filter indexes of migration 0001, replaced by ones that also order by id. */
const FILTER_INDEXES: [column: string, old: string, replacement: string][] = [
  ['category_id', 'news_category_created_idx', 'news_category_status_created_idx'],
  ['sub_category_id', 'news_subcategory_created_idx', 'news_subcategory_status_created_idx'],
  ['publisher_id', 'news_publisher_created_idx', 'news_publisher_status_created_idx'],
  ['anchor_id', 'news_anchor_created_idx', 'news_anchor_status_created_idx'],
];

/**
 * Maintained figures of the news table (decision 073): counts per scope kept exact by database
 * triggers whatever writes the rows, backfilled from the rows that exist; and indexes that serve
 * every list newest first per filter, so no read of the reader path or the admin scans the table.
 */
export const newsFigures: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('news_counts')
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('active_count', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('all_count', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('views', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('changed_at', 'text')
      .addPrimaryKeyConstraint('news_counts_pk', ['scope', 'key'])
      .execute();
    // The schema of 0003 has no drafts: its rule counts the status alone (0007 replaces it).
    await backfillFigures(db, 'statusOnly');
    await createFigureTriggers(db, 'statusOnly');

    // Newest first per filter, with the id as the tie-break the lists order by.
    for (const [column, old, replacement] of FILTER_INDEXES) {
      await db.schema.dropIndex(old).execute();
      await db.schema
        .createIndex(replacement)
        .on('news')
        .columns([column, 'status', 'created_at desc', 'id desc'])
        .execute();
    }
  },

  /** Back to 0002: the old indexes, no figures, no triggers. */
  async down(db: AnyDb) {
    await dropFigureTriggers(db);
    await db.schema.dropTable('news_counts').execute();
    for (const [column, old, replacement] of FILTER_INDEXES) {
      await db.schema.dropIndex(replacement).execute();
      await db.schema
        .createIndex(old)
        .on('news')
        .columns([column, 'status', 'created_at desc'])
        .execute();
    }
  },
};
