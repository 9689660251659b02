import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  sql,
  type MigrationProvider,
} from 'kysely';
import pg from 'pg';
import { Checkpointer, type CheckpointLogger } from './checkpointer.ts';
import type { Database } from './schema.ts';
import { withStatementCache } from './statement-cache.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
}

// PostgreSQL bigint (count, sum) arrives as text; every such figure here fits a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

export interface DatabaseOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  /** Told about connections the database dropped; the process carries on regardless. */
  onConnectionLost?: (error: Error) => void;
  /** Told when SQLite's checkpoints fail (checkpointer.ts); a process warning by default. */
  log?: CheckpointLogger;
  /**
   * A second connection that only reads, beside the app's own (a render worker): it finds the
   * schema made, never migrates nor checkpoints, and the database refuses any write from it.
   */
  readOnly?: boolean;
  /**
   * The schema's migrations (migrations/provider.ts), run at open; handed in so that the database
   * layer imports none of the features whose tables they make. Not needed read-only.
   */
  migrations?: MigrationProvider;
}

/** Where no logger is given (the CLI, the benchmarks): a process warning. */
const warningLog: CheckpointLogger = {
  warn: (details, message) => process.emitWarning(`${message} ${JSON.stringify(details)}`),
};

/** Opens the database named by the configuration and brings its schema up to date. */
export async function openDatabase(options: DatabaseOptions): Promise<Db> {
  const readOnly = options.readOnly === true;
  const db = options.databaseUrl
    ? await openPostgres(options.databaseUrl, options.onConnectionLost ?? (() => {}), readOnly)
    : readOnly
      ? openSqliteReader(options.dataDir)
      : openSqlite(options.dataDir, options.log ?? warningLog);
  if (readOnly) return db;
  if (!options.migrations)
    throw new Error('openDatabase needs the migrations to bring the schema up to date');
  try {
    await migrate(db, options.migrations);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}

const sqliteFile = (dataDir: string) => path.join(dataDir, 'newsroom.db');

function openSqlite(dataDir: string, log: CheckpointLogger): Db {
  const file = sqliteFile(dataDir);
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  // The log is copied back by a thread of its own, never inside one of this thread's commits.
  sqlite.pragma('wal_autocheckpoint = 0');
  const checkpointer = new Checkpointer(file, log);
  const kysely = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
  });
  const close = async () => {
    // The app's connection closes last, so SQLite copies back what is left and removes the log.
    await checkpointer.close();
    await kysely.destroy();
  };
  return { kysely, dialect: 'sqlite', close };
}

/** A connection that reads a database the app's own connection keeps (and checkpoints). */
function openSqliteReader(dataDir: string): Db {
  const sqlite = new SQLite(sqliteFile(dataDir), { fileMustExist: true });
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('query_only = ON');
  const kysely = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
  });
  return { kysely, dialect: 'sqlite', close: () => kysely.destroy() };
}

async function openPostgres(
  url: string,
  onConnectionLost: (error: Error) => void,
  readOnly: boolean,
): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: url,
    // A reader's queries are a page's few reads, a handful of pages at a time.
    max: readOnly ? 4 : 10,
    connectionTimeoutMillis: 5000,
    // Connections stay through a newsroom's lulls: a new one costs its setup and the first run of
    // each trigger's PL/pgSQL (about 44 ms on a save, docs/benchmarks.md), and the pool holds at
    // most `max` (pg's default closes them after 10 s idle).
    idleTimeoutMillis: 5 * 60_000,
    // Idle connections never keep a finished process (a command of cli/) alive.
    allowExitOnIdle: true,
    // TCP keepalives notice a database host that vanished without closing its sockets.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  watchConnections(pool, onConnectionLost);
  if (readOnly) {
    // Sent first on each new connection, before any query of the app's.
    pool.on('connect', (client) => {
      client.query('set default_transaction_read_only = on').catch(() => {});
    });
  }
  try {
    const client = await pool.connect();
    client.release();
  } catch (error) {
    await pool.end();
    const where = new URL(url);
    throw new Error(
      `Cannot connect to PostgreSQL at ${where.hostname}:${where.port || 5432}: ${(error as Error).message}`,
    );
  }
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { kysely, dialect: 'postgres', close: () => kysely.destroy() };
}

/**
 * A restart or a dropped connection makes pg emit 'error' on the pool (an idle client died) or on
 * a checked-out client (its socket ended between or during queries). Unheard, either event ends
 * the process. Heard, the dead client is marked unqueryable, the pool discards it on release, and
 * the next request opens a fresh connection: no restart of ours is needed.
 */
function watchConnections(pool: pg.Pool, onConnectionLost: (error: Error) => void) {
  pool.on('error', onConnectionLost);
  pool.on('connect', (client) => {
    // The query in flight, if any, is rejected with the same error and answered as a 503.
    client.on('error', () => {});
  });
}

async function migrate({ kysely, dialect }: Db, provider: MigrationProvider) {
  // On PostgreSQL the migration tables live in the connection's own schema, so several schemas of
  // one database (one per test run, or per tenant) never see each other's migration state.
  const migrationTableSchema =
    dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(kysely)).rows[0]
          ?.schema
      : undefined;
  const migrator = new Migrator({ db: kysely, provider, migrationTableSchema });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(
      `Database migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/** Case-insensitive equality on a text column, served by the lower(name) indexes. */
export function lowerEquals(column: string, value: string) {
  return sql<boolean>`lower(${sql.ref(column)}) = ${value.toLowerCase()}`;
}
