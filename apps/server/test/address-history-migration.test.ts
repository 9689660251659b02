import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNews, newsFields, newsContext, type NewsContext } from './factories.ts';
import { call, createTestApp, migratorOf, type TestApp } from './helpers.ts';
import { fakeDist } from './web-dist.ts';

/** Migration 0006 (address history) undone and done again, on the database of the run. */
let t: TestApp;
let dist: string;
let ctx: NewsContext;

const TABLES = [
  'news_slug_history',
  'deleted_slugs',
  'category_name_history',
  'subcategory_name_history',
] as const;

const migrator = () => migratorOf(t.app);

const readable = (table: (typeof TABLES)[number]) =>
  t.app.db.kysely
    .selectFrom(table)
    .selectAll()
    .execute()
    .then(
      () => true,
      () => false,
    );

const page = (url: string) => t.app.inject({ method: 'GET', url });

beforeAll(async () => {
  dist = await fakeDist();
  t = await createTestApp({ WEB_DIST: dist, PAGE_CACHE_MB: '0' });
  ctx = await newsContext(t.app);
});
afterAll(async () => {
  await t.close();
  await fs.rm(dist, { recursive: true, force: true });
});

describe('migration 0006_address_history', () => {
  it('is undone by its down() with history in its tables, and done again', async () => {
    const story = await createNews(ctx, { title: 'Migrated story', slug: 'migrated-one' });
    const moved = await call(t.app, {
      method: 'PUT',
      url: `/api/v1/news/update/${story._id}`,
      payload: newsFields(ctx.taxonomy, { title: story.title, slug: 'migrated-two' }),
      headers: ctx.headers,
    });
    expect(moved.status).toBe(200);
    expect((await page('/news/migrated-one')).statusCode).toBe(301);

    // Back to before 0006 (undoing what came after it too).
    const down = await (await migrator()).migrateTo('0004_search');
    expect(down.error).toBeUndefined();
    expect(down.results?.map((r) => [r.migrationName, r.direction, r.status])).toContainEqual([
      '0006_address_history',
      'Down',
      'Success',
    ]);
    for (const table of TABLES) expect(await readable(table)).toBe(false);

    const up = await (await migrator()).migrateToLatest();
    expect(up.error).toBeUndefined();
    for (const table of TABLES) expect(await readable(table)).toBe(true);
    // The article itself was untouched; the history it had went with the tables.
    expect((await page('/news/migrated-two')).statusCode).toBe(200);
    expect((await page('/news/migrated-one')).statusCode).toBe(404);
    const again = await call(t.app, {
      method: 'PUT',
      url: `/api/v1/news/update/${story._id}`,
      payload: newsFields(ctx.taxonomy, { title: story.title, slug: 'migrated-three' }),
      headers: ctx.headers,
    });
    expect(again.status).toBe(200);
    expect((await page('/news/migrated-two')).headers.location).toBe('/news/migrated-three');
  });
});
