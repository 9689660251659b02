import { CompiledQuery, Migrator, sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrationProvider } from '../src/migrations/provider.ts';
import { pendingImageSql } from '../src/media/image-keys.ts';
import { createTestApp, type TestApp } from './helpers.ts';

/** Migration 0008 (the index of pending images) down and up again, and the scan that uses it. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const scan = () =>
  t.app.db.kysely
    .selectFrom('news')
    .select(['id', 'image_key'])
    .where(pendingImageSql())
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(50)
    .compile();

/** The plan of the pending-image scan, as text. */
async function scanPlan(): Promise<string> {
  const query = scan();
  if (t.app.db.dialect === 'sqlite') {
    const { rows } = await t.app.db.kysely.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
    );
    return rows.map((row) => row.detail).join('\n');
  }
  // Planner statistics say nothing of an empty table; take away the choice of a sequential scan.
  await sql`set enable_seqscan = off`.execute(t.app.db.kysely);
  const { rows } = await t.app.db.kysely.executeQuery<{ 'QUERY PLAN': string }>(
    CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
  );
  await sql`reset enable_seqscan`.execute(t.app.db.kysely);
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

it('scans pending images by their own index, and goes down and up again', async () => {
  const migrator = new Migrator({
    db: t.app.db.kysely,
    provider: migrationProvider,
    // On PostgreSQL the migration tables are in the connection's own schema (db/database.ts).
    ...(t.app.db.dialect === 'postgres'
      ? {
          migrationTableSchema: (
            await sql<{ s: string }>`select current_schema() as s`.execute(t.app.db.kysely)
          ).rows[0]?.s,
        }
      : {}),
  });
  expect(await scanPlan()).toContain('news_pending_image_idx');

  // Down to the migration before it, undoing the later ones on the way.
  const down = await migrator.migrateTo('0007_publication');
  expect(down.error).toBeUndefined();
  expect(down.results).toContainEqual(
    expect.objectContaining({ migrationName: '0008_pending_images', status: 'Success' }),
  );
  expect(await scanPlan()).not.toContain('news_pending_image_idx');

  const up = await migrator.migrateToLatest();
  expect(up.error).toBeUndefined();
  expect(await scanPlan()).toContain('news_pending_image_idx');
});
