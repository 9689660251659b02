import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { now } from '../db/ids.ts';
import type { Database } from '../db/schema.ts';

/**
 * The site's settings: one JSON value per key in the `settings` table, each read through the
 * contract schema of its key, with a default while it was never set (decision 101).
 */
export class SettingsStore {
  constructor(private readonly db: Kysely<Database>) {}

  /** The value of `key`, or `fallback` when it is unset or no longer matches its schema. */
  async read<T extends z.ZodType>(
    key: string,
    schema: T,
    fallback: z.infer<T>,
    db: Kysely<Database> = this.db,
  ): Promise<z.infer<T>> {
    const row = await db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', key)
      .executeTakeFirst();
    if (!row) return fallback;
    const parsed = schema.safeParse(JSON.parse(row.value));
    return parsed.success ? parsed.data : fallback;
  }

  /** Sets `key` to `value`, inside the caller's transaction when it gives one. */
  async write(key: string, value: unknown, db: Kysely<Database> = this.db): Promise<void> {
    const json = JSON.stringify(value);
    const stamp = now();
    await db
      .insertInto('settings')
      .values({ key, value: json, updated_at: stamp })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updated_at: stamp }))
      .execute();
  }
}
