import type { Kysely, Selectable } from 'kysely';
import type { Role, StaffDto } from '@newsroom/contract';
import type { Database } from '../db/schema.ts';

const COLUMNS = [
  'admins.id',
  'admins.name',
  'admins.email',
  'admins.role',
  'admins.status',
  'admins.slug',
  'admins.last_sign_in_at',
  'two_factor.enabled_at',
] as const;

type StaffRow = Selectable<Database['admins']> & { enabled_at: string | null };

type Column = (typeof COLUMNS)[number] extends `${string}.${infer Name}` ? Name : never;

const toDto = (row: Pick<StaffRow, Column>): StaffDto => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  role: row.role as Role,
  status: row.status === 'suspended' ? 'suspended' : 'active',
  slug: row.slug,
  lastSignInAt: row.last_sign_in_at ?? null,
  twoFactor: row.enabled_at !== null,
});

/** The staff table (the accounts of `admins`), as the staff screen reads it. */
export class StaffRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Verified people of these roles, by name. */
  async list(roles: readonly Role[]): Promise<StaffDto[]> {
    if (roles.length === 0) return [];
    const rows = await this.people()
      .where('admins.verified', '=', 1)
      .where('admins.role', 'in', roles)
      .orderBy('admins.name')
      .orderBy('admins.id')
      .execute();
    return rows.map(toDto);
  }

  async find(id: string): Promise<StaffDto | undefined> {
    const row = await this.people()
      .where('admins.id', '=', id)
      .where('admins.verified', '=', 1)
      .executeTakeFirst();
    return row && toDto(row);
  }

  /** People with whether their two-factor sign-in is on (decision 101). */
  private people() {
    return this.db
      .selectFrom('admins')
      .leftJoin('two_factor', 'two_factor.admin_id', 'admins.id')
      .select(COLUMNS);
  }

  /** How many active admins there are besides `except`. */
  async otherActiveAdmins(except: string): Promise<number> {
    const row = await this.db
      .selectFrom('admins')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('role', '=', 'admin')
      .where('status', '=', 'active')
      .where('verified', '=', 1)
      .where('id', '!=', except)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }
}
