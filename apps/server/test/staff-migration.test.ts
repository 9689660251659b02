import { migrationProvider } from '../src/migrations/provider.ts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createNews, newsContext, type NewsContext } from './factories.ts';
import { createAdmin } from './fixtures.ts';
import { call, createTestApp, migratorOf, type TestApp } from './helpers.ts';

/** Migration 0009 (staff) undone and done again on a database with accounts and articles. */
let t: TestApp;
let ctx: NewsContext;

const migrator = () => migratorOf(t.app);

beforeAll(async () => {
  t = await createTestApp();
  ctx = await newsContext(t.app);
});
afterAll(() => t.close());

it('gives existing accounts a unique slug and existing articles the oldest account as author', async () => {
  await createAdmin(t.app, { name: 'Same Name' });
  await createAdmin(t.app, { name: 'Same Name' });
  const stories = [await createNews(ctx), await createNews(ctx)];

  const down = await (await migrator()).migrateTo('0008_pending_images');
  expect(down.error).toBeUndefined();
  // Every migration after 0008 goes down, newest first, 0009_staff last.
  const later = Object.keys(await migrationProvider.getMigrations())
    .filter((name) => name > '0008_pending_images')
    .sort()
    .reverse();
  expect(later.at(-1)).toBe('0009_staff');
  expect(down.results?.map((r) => r.migrationName)).toEqual(later);
  const up = await (await migrator()).migrateToLatest();
  expect(up.error).toBeUndefined();

  const db = t.app.db.kysely;
  const accounts = await db
    .selectFrom('admins')
    .select(['id', 'name', 'slug', 'role', 'status'])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  expect(new Set(accounts.map((a) => a.slug)).size).toBe(accounts.length);
  expect(accounts.filter((a) => a.name === 'Same Name').map((a) => a.slug)).toEqual(
    expect.arrayContaining(['same-name', 'same-name-2']),
  );
  for (const account of accounts)
    expect(account).toMatchObject({ role: 'admin', status: 'active' });

  const oldest = accounts[0]?.id;
  for (const story of stories) {
    const authors = await db
      .selectFrom('news_authors')
      .select(['staff_id', 'position'])
      .where('news_id', '=', story._id)
      .execute();
    expect(authors).toEqual([{ staff_id: oldest, position: 0 }]);
  }
  // Their bylines carry the articles' times and the count of their page (0023, decision 134).
  const oldestSlug = accounts[0]?.slug;
  const page = await call(t.app, { method: 'GET', url: `/api/v1/u/author/${oldestSlug}` });
  expect(page.body.count).toBe(stories.length);
  expect(page.body.data.news.map((n: { _id: string }) => n._id).sort()).toEqual(
    stories.map((story) => story._id).sort(),
  );
});
