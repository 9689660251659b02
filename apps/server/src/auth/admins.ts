import type { Kysely } from 'kysely';
import { toPathSegment } from '@newsroom/contract';
import type { Database } from '../db/schema.ts';

/** An account as created by registration, invitation, the CLI or seeding, before any sign-in. */
export interface CreatedAdmin {
  id: string;
  email: string;
}

/** The account behind an e-mail address (addresses are stored in lower case), if any. */
export function findAdminByEmail(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('admins')
    .select(['id', 'name', 'email', 'password_hash', 'verified', 'role', 'status'])
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst()
    .then((row) => (row ? { ...row, verified: row.verified === 1 } : undefined));
}

/**
 * A person's address on the site (`/author/{slug}`), from their name (or the e-mail's local part),
 * with `-2`, `-3`… when another person has it already.
 */
export async function freeStaffSlug(
  db: Kysely<Database>,
  name: string,
  email: string,
  except?: string,
): Promise<string> {
  const base = toPathSegment(name) || toPathSegment(email.split('@')[0] ?? '') || 'staff';
  let query = db.selectFrom('admins').select('slug').where('slug', 'like', `${base}%`);
  if (except) query = query.where('id', '!=', except);
  const taken = new Set((await query.execute()).map((row) => row.slug));
  let slug = base;
  for (let n = 2; taken.has(slug); n += 1) slug = `${base}-${n}`;
  return slug;
}
