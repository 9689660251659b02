import type { Kysely, Migration } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not as it is typed now */
type AnyDb = Kysely<any>;
/* eslint-enable @typescript-eslint/no-explicit-any */

/**
 * 0011_two_factor (decision 101): each person's TOTP secret (encrypted), their recovery codes
 * (hashed, single use), the challenges between a password and a code, the site's settings (the
 * two-factor requirement first), and what the sessions list shows of each sign-in. Existing
 * sessions keep working: they have no address or agent to show, and read as last used when made.
 */
export const twoFactorMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('two_factor')
      .addColumn('admin_id', 'text', (c) =>
        c.primaryKey().references('admins.id').onDelete('cascade'),
      )
      // AES-256-GCM of the base32 secret (security/secret-box.ts); null until set up.
      .addColumn('secret', 'text')
      // A secret given by setup and not confirmed yet by a code.
      .addColumn('pending_secret', 'text')
      .addColumn('enabled_at', 'text')
      // The last 30-second step whose code was accepted: no code is accepted twice.
      .addColumn('last_step', 'bigint')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('recovery_codes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('admin_id', 'text', (c) => c.notNull().references('admins.id').onDelete('cascade'))
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('recovery_codes_admin_hash_uq')
      .on('recovery_codes')
      .columns(['admin_id', 'code_hash'])
      .unique()
      .execute();

    await db.schema
      .createTable('sign_in_challenges')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('admin_id', 'text', (c) => c.notNull().references('admins.id').onDelete('cascade'))
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('sign_in_challenges_admin_idx')
      .on('sign_in_challenges')
      .column('admin_id')
      .execute();

    // Site settings, one JSON value per key (`security`: the two-factor requirement).
    await db.schema
      .createTable('settings')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .alterTable('sessions')
      .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable('sessions')
      .addColumn('agent', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema.alterTable('sessions').addColumn('last_used_at', 'text').execute();
    // 1 while the person must turn two-factor sign-in on before anything else (decision 101).
    await db.schema
      .alterTable('sessions')
      .addColumn('enrolment_required', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },

  async down(db: AnyDb) {
    for (const column of ['enrolment_required', 'last_used_at', 'agent', 'address']) {
      await db.schema.alterTable('sessions').dropColumn(column).execute();
    }
    for (const table of ['settings', 'sign_in_challenges', 'recovery_codes', 'two_factor']) {
      await db.schema.dropTable(table).execute();
    }
  },
};
