import type { Kysely, Migration } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not as it is typed now */
type AnyDb = Kysely<any>;
/* eslint-enable @typescript-eslint/no-explicit-any */

/**
 * 0010_invitations (decision 100): people invited onto the staff by e-mail. Only the hash of a
 * link's token is kept; a link works once, until it expires, is sent again or is revoked.
 */
export const invitationsMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('invitations')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('invited_by', 'text', (c) => c.references('admins.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('accepted_at', 'text')
      .addColumn('revoked_at', 'text')
      .execute();
    await db.schema
      .createIndex('invitations_email_idx')
      .on('invitations')
      .columns(['email', 'created_at'])
      .execute();
  },

  async down(db: AnyDb) {
    await db.schema.dropTable('invitations').execute();
  },
};
