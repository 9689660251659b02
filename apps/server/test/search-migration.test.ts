import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrationProvider } from '../src/migrations/provider.ts';
import type { Database } from '../src/db/schema.ts';
import { call, createSiblingApp, type TestApp } from './helpers.ts';

/**
 * A database from before search (migrations up to 0002) that already holds an article: the
 * upgrade must give it its body text and index it, on both databases.
 */
let dataDir: string;
let databaseUrl: string | undefined;
let dropSchema = async () => {};
let upgraded: TestApp;

async function oldDatabase(): Promise<Kysely<Database>> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    const dialect = new SqliteDialect({ database: new SQLite(path.join(dataDir, 'newsroom.db')) });
    return new Kysely<Database>({ dialect });
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
  databaseUrl = url.toString();
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'newsroom-test-'));
  const db = await oldDatabase();
  const migrationTableSchema = databaseUrl
    ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s
    : undefined;
  const migrator = new Migrator({ db, provider: migrationProvider, migrationTableSchema });
  const { error } = await migrator.migrateTo('0002_sessions');
  if (error) throw error;
  const stamp = new Date().toISOString();
  const ids = { category: randomUUID(), publisher: randomUUID() };
  await sql`insert into categories (id, name, created_at, updated_at)
    values (${ids.category}, 'Older News', ${stamp}, ${stamp})`.execute(db);
  await sql`insert into publishers (id, name, created_at, updated_at)
    values (${ids.publisher}, 'Older Press', ${stamp}, ${stamp})`.execute(db);
  await sql`insert into news (id, title, slug, meta_description, description, tags, category_id,
      publisher_id, alt, status, views, created_at, updated_at)
    values (${randomUUID()}, 'Archive story from before search', 'archive-story',
      'Written before the upgrade.', '<p>The <em>lighthouse</em> keepers met at dawn.</p>',
      '["archive"]', ${ids.category}, ${ids.publisher}, 'Alt text', 1, 0, ${stamp}, ${stamp})`.execute(
    db,
  );
  await db.destroy();
  // The same folder or schema, opened by the current application: it migrates at start.
  upgraded = await createSiblingApp({ dataDir, databaseUrl } as TestApp);
});

afterAll(async () => {
  await upgraded.close();
  await dropSchema();
  await fs.rm(dataDir, { recursive: true, force: true });
});

it('indexes the body text of articles written before the upgrade', async () => {
  const res = await call(upgraded.app, { method: 'GET', url: '/api/v1/u/search?q=lighthouses' });
  expect(res.status).toBe(200);
  expect(res.body.count).toBe(1);
  expect(res.body.data[0]).toMatchObject({ slug: 'archive-story' });
  expect(res.body.data[0].snippet).toContain('The <mark>lighthouse</mark> keepers met at dawn');
  const byTag = await call(upgraded.app, { method: 'GET', url: '/api/v1/u/search?q=archive' });
  expect(byTag.body.data.map((hit: { slug: string }) => hit.slug)).toEqual(['archive-story']);
});
