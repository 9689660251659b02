import type { Kysely } from 'kysely';
import type { ContactDto, ContactInput, PageQuery } from '@newsroom/contract';
import { newId, now } from '../db/ids.ts';
import type { ContactTable, Database } from '../db/schema.ts';

/** Messages sent from the public contact form. */
export class ContactService {
  constructor(private readonly db: Kysely<Database>) {}

  async create(input: ContactInput): Promise<ContactDto> {
    const row: ContactTable = {
      id: newId(),
      full_name: input.fullName,
      email: input.email,
      phone: input.phone,
      message: input.message,
      created_at: now(),
    };
    await this.db.insertInto('contacts').values(row).execute();
    return toDto(row);
  }

  async list(page: PageQuery): Promise<{ data: ContactDto[]; count: number }> {
    const [rows, total] = await Promise.all([
      this.db
        .selectFrom('contacts')
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(page.limit)
        .offset((page.page - 1) * page.limit)
        .execute(),
      this.db
        .selectFrom('contacts')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow(),
    ]);
    return { data: rows.map(toDto), count: Number(total.count) };
  }
}

function toDto(row: ContactTable): ContactDto {
  return {
    _id: row.id,
    fullName: row.full_name,
    email: row.email,
    phone: row.phone,
    message: row.message,
    createdAt: row.created_at,
  };
}
