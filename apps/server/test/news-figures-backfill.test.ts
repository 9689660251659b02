import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationProvider } from '../src/migrations/provider.ts';
import { createNews, createTaxonomy, type NewsContext } from './factories.ts';
import { adminAuth } from './fixtures.ts';
import { call, createSiblingApp, createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let upgraded: TestApp;

/** The migrator of the test's database, its bookkeeping in the connection's own schema. */
async function migrator(app: TestApp['app']) {
  const schema =
    app.db.dialect === 'postgres'
      ? (await sql<{ s: string }>`select current_schema() as s`.execute(app.db.kysely)).rows[0]?.s
      : undefined;
  return new Migrator({
    db: app.db.kysely,
    provider: migrationProvider,
    migrationTableSchema: schema,
  });
}

beforeAll(async () => {
  // A database with articles as it was before the figures: written, then 0003 (and what came
  // after it) undone, so the figures are gone while the rows stay.
  t = await createTestApp();
  const headers = await adminAuth(t.app);
  const ctx: NewsContext = {
    app: t.app,
    headers,
    taxonomy: await createTaxonomy(t.app, headers, { category: 'World' }),
  };
  for (const status of [true, true, false]) await createNews(ctx, { status });
  const down = await (await migrator(t.app)).migrateTo('0002_sessions');
  expect(down.error).toBeUndefined();
  await sql`update news set views = 4`.execute(t.app.db.kysely);
  // Another instance starting on it brings the schema up to date.
  upgraded = await createSiblingApp(t);
});
afterAll(async () => {
  await upgraded.close();
  await t.close();
});

describe('migration 0003 on an existing database', () => {
  it('backfills the figures from the rows already there', async () => {
    const list = await call(upgraded.app, { method: 'GET', url: '/api/v1/u/get?category=world' });
    expect(list.body.count).toBe(2);
    const headers = await adminAuth(upgraded.app);
    const cards = await call(upgraded.app, {
      method: 'GET',
      url: '/api/v1/dashboard/cards',
      headers,
    });
    expect(cards.body.data).toMatchObject({ totalNews: 3, totalViews: 12 });
  });
});
