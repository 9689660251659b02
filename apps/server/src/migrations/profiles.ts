import type { Kysely, Migration } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not as it is typed now */
type AnyDb = Kysely<any>;
/* eslint-enable @typescript-eslint/no-explicit-any */

/**
 * 0013_profiles (decision 104): a person's profile picture (a media key, as an article's) and the
 * new e-mail address they asked for, waiting for the code mailed to it.
 */
export const profilesMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('admins').addColumn('picture_key', 'text').execute();
    await db.schema.alterTable('admins').addColumn('pending_email', 'text').execute();
  },

  async down(db: AnyDb) {
    await db.schema.alterTable('admins').dropColumn('pending_email').execute();
    await db.schema.alterTable('admins').dropColumn('picture_key').execute();
  },
};
