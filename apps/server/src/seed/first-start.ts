import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { seedDemo, type SeedDeps, type SeedResult } from './seed.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The demo admin's credentials when this start seeded the demo content, else null. */
    demoAdmin: SeedResult['admin'] | null;
  }
}

/** True when nothing was ever created: no category, no news and no admin. */
export async function isDatabaseEmpty(db: Kysely<Database>): Promise<boolean> {
  const counts = await Promise.all(
    (['categories', 'news', 'admins'] as const).map((table) =>
      db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow(),
    ),
  );
  return counts.every((row) => Number(row.count) === 0);
}

/**
 * Seeds the demo content on a first start (empty database). A failure is logged and the server
 * still starts: the demo content is a convenience, not a requirement.
 */
export async function seedDemoIfEmpty(deps: SeedDeps): Promise<SeedResult | null> {
  if (!(await isDatabaseEmpty(deps.db))) return null;
  try {
    return await seedDemo(deps);
  } catch (error) {
    deps.log.error({ err: error }, 'Seeding the demo content failed; starting without it');
    return null;
  }
}
