import type { Kysely } from 'kysely';
import { DomainError } from '../domain/errors.ts';
import { lowerEquals } from './database.ts';
import { isUniqueViolation } from './errors.ts';
import { newId, now } from './ids.ts';
import type { Database, PersonTable } from './schema.ts';

export type NamedTable = 'categories' | 'anchors' | 'publishers';
export type NamedRow = PersonTable;

/** Queries shared by the tables that hold nothing but a unique name. */
export class NamedRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly table: NamedTable,
  ) {}

  findAll(): Promise<NamedRow[]> {
    return this.db.selectFrom(this.table).selectAll().orderBy('created_at').orderBy('id').execute();
  }

  findById(id: string): Promise<NamedRow | undefined> {
    return this.db.selectFrom(this.table).selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByName(name: string): Promise<NamedRow | undefined> {
    return this.db
      .selectFrom(this.table)
      .selectAll()
      .where(lowerEquals('name', name))
      .executeTakeFirst();
  }

  async insert(name: string): Promise<NamedRow> {
    const stamp = now();
    const row = { id: newId(), name, created_at: stamp, updated_at: stamp };
    await this.db.insertInto(this.table).values(row).execute();
    return row;
  }

  async rename(id: string, name: string): Promise<void> {
    await this.db
      .updateTable(this.table)
      .set({ name, updated_at: now() })
      .where('id', '=', id)
      .execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom(this.table).where('id', '=', id).execute();
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom(this.table)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }
}

/** Records expose `_id`, `name` and their timestamps. */
export function toNamedDto(row: NamedRow) {
  return { _id: row.id, name: row.name, createdAt: row.created_at, updatedAt: row.updated_at };
}

/**
 * Runs a write that gives a record `name`, refusing with NAME_TAKEN when another record of the table
 * already has it (case-insensitively), whether found beforehand or caught by the unique index.
 */
export async function writeUniqueName<T>(
  repo: NamedRepository,
  label: string,
  name: string,
  write: () => Promise<T>,
  exceptId?: string,
): Promise<T> {
  const duplicate = () => new DomainError('NAME_TAKEN', `${label} "${name}" already exists`);
  const same = await repo.findByName(name);
  if (same && same.id !== exceptId) throw duplicate();
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
}
