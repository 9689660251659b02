import type { Kysely, Migration } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not as it is typed now */
type AnyDb = Kysely<any>;
/* eslint-enable @typescript-eslint/no-explicit-any */

/**
 * 0017_corrections (decision 112): the corrections and update notes of articles, and every text
 * each note has had. Neither table refers to `news` or `admins`: a note outlives its article's
 * deletion (readers no longer see it, the record keeps it) and names its writer as they were.
 * `/corrections` reads the notes newest first (`created_at`); an article's page reads its own.
 */
export const correctionsMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('news_corrections')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('news_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('created_by', 'text')
      .addColumn('created_by_name', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('news_corrections_news_idx')
      .on('news_corrections')
      .columns(['news_id', 'created_at'])
      .execute();
    await db.schema
      .createIndex('news_corrections_at_idx')
      .on('news_corrections')
      .columns(['created_at', 'id'])
      .execute();
    await db.schema
      .createTable('news_correction_versions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('correction_id', 'text', (c) =>
        c.notNull().references('news_corrections.id').onDelete('cascade'),
      )
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('by_id', 'text')
      .addColumn('by_name', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('news_correction_versions_note_idx')
      .on('news_correction_versions')
      .columns(['correction_id', 'at'])
      .execute();
  },

  async down(db: AnyDb) {
    await db.schema.dropTable('news_correction_versions').execute();
    await db.schema.dropTable('news_corrections').execute();
  },
};
