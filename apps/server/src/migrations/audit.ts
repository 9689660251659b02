import type { Kysely, Migration } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not as it is typed now */
type AnyDb = Kysely<any>;
/* eslint-enable @typescript-eslint/no-explicit-any */

/**
 * 0012_audit (decision 105): the audit trail, one row per change made in the back office. The
 * person is kept by id and by the name they had (a removed person's entries still name them), so
 * the table refers to no other. Each filter of the list, and each pair of person, kind and action,
 * has an index that ends in the time, so a page of it, newest first, reads only the rows it shows
 * and its count reads the index alone.
 */
export const auditMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('audit_entries')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('actor_id', 'text')
      .addColumn('actor_name', 'text')
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('thing_id', 'text')
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('address', 'text')
      .addColumn('changes', 'text', (c) => c.notNull())
      .execute();
    const index = (name: string, columns: string[]) =>
      db.schema.createIndex(name).on('audit_entries').columns(columns).execute();
    await index('audit_at_idx', ['at', 'id']);
    await index('audit_actor_idx', ['actor_id', 'at', 'id']);
    await index('audit_kind_idx', ['kind', 'at', 'id']);
    await index('audit_action_idx', ['action', 'at', 'id']);
    await index('audit_kind_action_idx', ['kind', 'action', 'at', 'id']);
    await index('audit_actor_kind_idx', ['actor_id', 'kind', 'at', 'id']);
    await index('audit_actor_action_idx', ['actor_id', 'action', 'at', 'id']);
    await index('audit_thing_idx', ['thing_id', 'at', 'id']);
  },

  async down(db: AnyDb) {
    await db.schema.dropTable('audit_entries').execute();
  },
};
