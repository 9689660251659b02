import { PostgresAdapter, type Kysely, type Migration } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not as it is typed now */
type AnyDb = Kysely<any>;
/* eslint-enable @typescript-eslint/no-explicit-any */

/**
 * 0015_revisions (decision 108): every save of an article as a numbered revision, its body
 * compressed (a full copy every few revisions, a delta against the one before otherwise), and one
 * private autosave per person per article. Revisions refer to no other table, so they outlive the
 * article they are of (decision 109); autosaves go with the article or the person.
 */
export const revisionsMigration: Migration = {
  async up(db: AnyDb) {
    const bytes = db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob';
    await db.schema
      .createTable('news_revisions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('news_id', 'text', (c) => c.notNull())
      .addColumn('number', 'integer', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('stage', 'text', (c) => c.notNull())
      .addColumn('by_id', 'text')
      .addColumn('by_name', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('fields', 'text', (c) => c.notNull())
      .addColumn('body', bytes, (c) => c.notNull())
      .addColumn('body_full', 'integer', (c) => c.notNull())
      .addColumn('deleted_at', 'text')
      .execute();
    await db.schema
      .createIndex('news_revisions_number_idx')
      .on('news_revisions')
      .columns(['news_id', 'number'])
      .unique()
      .execute();
    await db.schema
      .createIndex('news_revisions_deleted_idx')
      .on('news_revisions')
      .column('deleted_at')
      .where('deleted_at', 'is not', null)
      .execute();
    await db.schema
      .createTable('news_autosaves')
      .addColumn('news_id', 'text', (c) => c.notNull().references('news.id').onDelete('cascade'))
      .addColumn('staff_id', 'text', (c) => c.notNull().references('admins.id').onDelete('cascade'))
      .addColumn('saved_at', 'text', (c) => c.notNull())
      .addColumn('fields', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('news_autosaves_pk', ['news_id', 'staff_id'])
      .execute();
  },

  async down(db: AnyDb) {
    await db.schema.dropTable('news_autosaves').execute();
    await db.schema.dropTable('news_revisions').execute();
  },
};
