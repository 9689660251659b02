import pg from 'pg';
import { sql } from 'kysely';

/**
 * The pieces every benchmark that grows a big table shares: its secondary indexes, dropped while
 * rows are loaded and built once afterwards (sorted, not row by row), and one statement run on
 * PostgreSQL outside the app (making or dropping the benchmark's schema).
 */

/** The secondary indexes of `table` (keys that enforce rules stay), with the statement of each. */
export async function secondaryIndexes(db, isSqlite, table) {
  const { rows } = isSqlite
    ? await sql`select name, sql as definition from sqlite_master
        where type = 'index' and tbl_name = ${table} and sql is not null`.execute(db)
    : await sql`select indexname as name, indexdef as definition from pg_indexes
        where schemaname = current_schema() and tablename = ${table}
          and indexname not in (select conname from pg_constraint)`.execute(db);
  return rows;
}

/** Runs `load` with `table`'s secondary indexes dropped, then makes them again. */
export async function withoutIndexes(db, isSqlite, table, load) {
  const indexes = await secondaryIndexes(db, isSqlite, table);
  for (const { name } of indexes) await sql.raw(`drop index ${name}`).execute(db);
  await load();
  for (const { definition } of indexes) await sql.raw(definition).execute(db);
}

/** One statement on the PostgreSQL database at `url`, on a connection of its own. */
export async function runStatement(url, statement) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
