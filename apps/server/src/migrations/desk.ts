import { sql, type Kysely, type Migration } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not as it is typed now */
type AnyDb = Kysely<any>;
/* eslint-enable @typescript-eslint/no-explicit-any */

/**
 * 0014_desk (decisions 106, 107): where an unpublished article stands on the desk (`stage`, null
 * while it is scheduled or published, which its publication time says), the version every save
 * raises, who saved last, and the one person it is assigned to with its due time. Existing drafts
 * start in `draft`, every article at version 1. The ids name staff without a foreign key, so the
 * columns go again on SQLite too; a person removed reads as nobody.
 */
export const deskMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('news').addColumn('stage', 'text').execute();
    await db.schema
      .alterTable('news')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema.alterTable('news').addColumn('updated_by', 'text').execute();
    await db.schema.alterTable('news').addColumn('assignee_id', 'text').execute();
    await db.schema.alterTable('news').addColumn('due_at', 'text').execute();
    await sql`update news set stage = 'draft' where draft = 1`.execute(db);
    // The admin list's filters, each one range in the list's order (newest first).
    await sql`create index news_stage_created_idx on news (stage, created_at desc, id desc)`.execute(
      db,
    );
    await sql`create index news_draft_created_idx on news (draft, created_at desc, id desc)`.execute(
      db,
    );
    await sql`create index news_assignee_created_idx on news (assignee_id, created_at desc, id desc)`.execute(
      db,
    );
  },

  async down(db: AnyDb) {
    await db.schema.dropIndex('news_assignee_created_idx').execute();
    await db.schema.dropIndex('news_draft_created_idx').execute();
    await db.schema.dropIndex('news_stage_created_idx').execute();
    for (const column of ['due_at', 'assignee_id', 'updated_by', 'version', 'stage']) {
      await db.schema.alterTable('news').dropColumn(column).execute();
    }
  },
};
