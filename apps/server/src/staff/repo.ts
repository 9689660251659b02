import type { Kysely, Selectable } from 'kysely';
import type { Role, StaffDto } from '@newsroom/contract';
import type { Database } from '../db/schema.ts';

const COLUMNS = ['id', 'name', 'email', 'role', 'status', 'slug', 'last_sign_in_at'] as const;

type StaffRow = Selectable<Database['admins']>;

const toDto = (row: Pick<StaffRow, (typeof COLUMNS)[number]>): StaffDto => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  role: row.role as Role,
  status: row.status === 'suspended' ? 'suspended' : 'active',
  slug: row.slug,
  lastSignInAt: row.last_sign_in_at ?? null,
});

/** The staff table (the accounts of `admins`), as the staff screen reads it. */
export class StaffRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Verified people of these roles, by name. */
  async list(roles: readonly Role[]): Promise<StaffDto[]> {
    if (roles.length === 0) return [];
    const rows = await this.db
      .selectFrom('admins')
      .select(COLUMNS)
      .where('verified', '=', 1)
      .where('role', 'in', roles)
      .orderBy('name')
      .orderBy('id')
      .execute();
    return rows.map(toDto);
  }

  async find(id: string): Promise<StaffDto | undefined> {
    const row = await this.db
      .selectFrom('admins')
      .select(COLUMNS)
      .where('id', '=', id)
      .where('verified', '=', 1)
      .executeTakeFirst();
    return row && toDto(row);
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
