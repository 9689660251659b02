import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { Database } from '../src/db/schema.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpActor } from './fixtures.ts';
import { call, createTestApp, type TestApp } from './helpers.ts';

const databaseUrl = process.env.DATABASE_URL;

/** The server process id of the connection a query runs on. */
async function backendPid(db: Kysely<Database>): Promise<number> {
  const row = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
  const pid = row.rows[0]?.pid;
  if (pid === undefined) throw new Error('pg_backend_pid() returned no row');
  return pid;
}

/** Ends one connection from outside, as a restart or a network cut would, and waits until gone. */
async function terminate(pid: number): Promise<void> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query('select pg_terminate_backend($1)', [pid]);
    for (let i = 0; i < 50; i++) {
      const left = await admin.query('select 1 from pg_stat_activity where pid = $1', [pid]);
      if (left.rowCount === 0) return;
      await sleep(20);
    }
  } finally {
    await admin.end();
  }
}

/** Reads the category list until it answers 200 (at most 20 tries); returns every status seen. */
async function readUntilOk(t: TestApp): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < 20 && statuses.at(-1) !== 200; i++) {
    statuses.push((await call(t.app, { method: 'GET', url: '/api/v1/u/category-list' })).status);
  }
  return statuses;
}

// Connections are only ever dropped on PostgreSQL; SQLite is a file in this process.
describe.skipIf(!databaseUrl)('dropped PostgreSQL connections', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.services.categories.create({ name: 'Weather' }, await setUpActor(t.app));
  });
  afterAll(() => t.close());

  it('survives an idle pooled connection being terminated and reconnects on demand', async () => {
    await terminate(await backendPid(t.app.db.kysely));
    const statuses = await readUntilOk(t);
    expect(statuses.at(-1)).toBe(200);
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect((await readUntilOk(t)).length).toBe(1);
  });

  it('survives a connection dying inside an open transaction', async () => {
    await expect(
      t.app.db.kysely.transaction().execute(async (trx) => {
        await terminate(await backendPid(trx));
        await sleep(50); // the dead socket's 'error' event arrives while no query runs
        await trx.selectFrom('categories').select('id').execute();
      }),
    ).rejects.toThrow();
    const statuses = await readUntilOk(t);
    expect(statuses).toEqual([200]);
  });
});
