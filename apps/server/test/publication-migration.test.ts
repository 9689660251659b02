import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrationProvider } from '../src/migrations/provider.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- the schema changes under this test */
type AnyDb = Kysely<any>;
/* eslint-enable @typescript-eslint/no-explicit-any */

/** Migration 0007 (drafts, publication times) up, down and up again, on either database. */
let dataDir: string;
let db: AnyDb;
let migrator: Migrator;
let dropSchema = async () => {};
const ids = { category: randomUUID(), publisher: randomUUID() };

async function open(): Promise<AnyDb> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    const database = new SQLite(path.join(dataDir, 'newsroom.db'));
    return new Kysely({ dialect: new SqliteDialect({ database }) });
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  dropSchema = async () => {
    const c = new pg.Client({ connectionString: baseUrl });
    await c.connect();
    await c.query(`drop schema ${schema} cascade`);
    await c.end();
  };
  const url = new URL(baseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return new Kysely({
    dialect: new PostgresDialect({
      pool: new pg.Pool({ max: 1, connectionString: url.toString() }),
    }),
  });
}

async function insertNews(slug: string, createdAt: string, extra: { draft?: number } = {}) {
  await db
    .insertInto('news')
    .values({
      id: randomUUID(),
      title: `Story ${slug}`,
      slug,
      meta_description: 'A summary.',
      description: '<p>Body</p>',
      tags: '[]',
      category_id: ids.category,
      publisher_id: ids.publisher,
      alt: 'Alt text',
      status: 1,
      views: 0,
      created_at: createdAt,
      updated_at: createdAt,
      ...extra,
    })
    .execute();
}

const activeCount = async () =>
  Number(
    (
      await db
        .selectFrom('news_counts')
        .select('active_count')
        .where('scope', '=', 'all')
        .executeTakeFirstOrThrow()
    ).active_count,
  );
const statuses = async () =>
  Object.fromEntries(
    (await db.selectFrom('news').select(['slug', 'status']).execute()).map((row) => [
      row.slug,
      Number(row.status),
    ]),
  );

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'newsroom-test-'));
  db = await open();
  const migrationTableSchema = process.env.DATABASE_URL
    ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s
    : undefined;
  migrator = new Migrator({ db, provider: migrationProvider, migrationTableSchema });
  expect((await migrator.migrateTo('0004_search')).error).toBeUndefined();
  const stamp = new Date().toISOString();
  for (const [table, id] of [
    ['categories', ids.category],
    ['publishers', ids.publisher],
  ]) {
    await sql`insert into ${sql.table(table ?? '')} (id, name, created_at, updated_at)
      values (${id}, ${`Name ${id}`}, ${stamp}, ${stamp})`.execute(db);
  }
  await insertNews('written-before', '2024-05-01T08:00:00.000Z');
});
afterAll(async () => {
  await db.destroy();
  await dropSchema();
  await fs.rm(dataDir, { recursive: true, force: true });
});

it('publishes existing articles at their creation time, counts no draft, and goes back down', async () => {
  expect((await migrator.migrateTo('0007_publication')).error).toBeUndefined();
  const existing = await db.selectFrom('news').selectAll().executeTakeFirstOrThrow();
  expect(existing).toMatchObject({ created_at: '2024-05-01T08:00:00.000Z' });
  expect(Number(existing.draft)).toBe(0);

  await insertNews('a-draft', '2024-06-01T08:00:00.000Z', { draft: 1 });
  await insertNews('scheduled-later', '2999-01-01T00:00:00.000Z');
  // Scheduled articles count as active (reads subtract them); drafts do not.
  expect(await activeCount()).toBe(2);

  expect((await migrator.migrateDown()).error).toBeUndefined();
  // Nothing unpublished turned public: the draft and the scheduled article are inactive now.
  expect(await statuses()).toEqual({ 'written-before': 1, 'a-draft': 0, 'scheduled-later': 0 });
  expect(await activeCount()).toBe(1);
  await insertNews('after-down', '2024-07-01T08:00:00.000Z');
  expect(await activeCount()).toBe(2);

  expect((await migrator.migrateTo('0007_publication')).error).toBeUndefined();
  await insertNews('again-a-draft', '2024-08-01T08:00:00.000Z', { draft: 1 });
  expect(await activeCount()).toBe(2);
});
