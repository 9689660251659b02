import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** An admin as created by registration, the CLI or seeding, before any sign-in. */
export interface CreatedAdmin {
  id: string;
  email: string;
}

/** The account behind an e-mail address (addresses are stored in lower case), if any. */
export function findAdminByEmail(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('admins')
    .select(['id', 'name', 'email', 'password_hash', 'verified'])
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst()
    .then((row) => (row ? { ...row, verified: row.verified === 1 } : undefined));
}
