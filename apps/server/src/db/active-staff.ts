import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

/**
 * Who counts as an active member of the staff (decisions 099, 103): a verified account that is
 * not suspended. The one place the rule is written, for authors, assignees and the authors' picker.
 */
export function activeStaff(db: Kysely<Database>) {
  return db.selectFrom('admins').where('verified', '=', 1).where('status', '=', 'active');
}

/** Those of `staffIds` who are active members of the staff. */
export async function activeStaffIds(
  db: Kysely<Database>,
  staffIds: readonly string[],
): Promise<Set<string>> {
  if (staffIds.length === 0) return new Set();
  const rows = await activeStaff(db).select('id').where('id', 'in', staffIds).execute();
  return new Set(rows.map((row) => row.id));
}
