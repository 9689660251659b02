import { sql, type Kysely, type Migration } from 'kysely';
import { createPostgresSearchSync } from './search.ts';
import { NOW_SQL } from '../db/news-figures-sql.ts';
import {
  createFigureTriggers,
  dialectOf,
  dropFigureTriggers,
} from '../db/news-figures-triggers.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not as it is typed now */
type AnyDb = Kysely<any>;
/* eslint-enable @typescript-eslint/no-explicit-any */

/**
 * 0007_publication (decision 085): drafts and scheduled publishing. `news.draft` marks an article
 * saved without being published; `created_at` is the publication time, so a scheduled article is
 * one dated in the future and every list index already orders by it. Existing articles are
 * published at their `created_at` (no draft, nothing to move). The maintained figures count an
 * article as active only when it is not a draft; on PostgreSQL news_search copies the flag.
 */
export const publicationMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable('news')
      .addColumn('draft', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await dropFigureTriggers(db);
    await createFigureTriggers(db, 'notDraft');
    if (dialectOf(db) === 'postgres') {
      await db.schema
        .alterTable('news_search')
        .addColumn('draft', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await createPostgresSearchSync(db, true);
    }
  },

  /**
   * Back to the schema before it: no drafts and no publication times. Nothing unpublished may turn public, so
   * drafts and articles scheduled for later become inactive first; the figures then agree under
   * either rule, and the triggers of 0003 are put back.
   */
  async down(db: AnyDb) {
    const dialect = dialectOf(db);
    await sql`update news set status = 0
      where status = 1 and (draft = 1 or created_at > ${sql.raw(NOW_SQL[dialect])})`.execute(db);
    if (dialect === 'postgres') {
      await createPostgresSearchSync(db, false);
      await db.schema.alterTable('news_search').dropColumn('draft').execute();
    }
    await dropFigureTriggers(db);
    await createFigureTriggers(db, 'statusOnly');
    await db.schema.alterTable('news').dropColumn('draft').execute();
  },
};
