// The site of `npm run bench -- --site`: a data folder grown to N articles by bench/scale's
// grower (12 categories of 6 sub-categories, 40 publishers, 60 anchors, five years of dates,
// 8 % inactive), and the addresses its readers ask for, each with its kind. Imports the server's
// TypeScript: run under tsx (bench/http.mjs registers it).
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { publicPaths } from '@newsroom/contract';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { migrationProvider } from '../../apps/server/src/migrations/provider.ts';
import { bulkLoad, growSqlite, growTaxonomy } from '../scale/grow.mjs';

const q = encodeURIComponent;

/** The list page and the feed of a category or sub-category, by name. */
export function sectionAddresses(category, subcategory) {
  return [
    ['list page', publicPaths.category(category, subcategory)],
    ['feed', publicPaths.feed(category, subcategory)],
  ];
}

/** Every address a reader of an article asks for: its page and its API call. */
function articleAddresses(slug) {
  return [
    ['article', publicPaths.article(slug)],
    ['article API', `/api/v1/u/news/${q(slug)}`],
  ];
}

/**
 * Grows `dataDir` (SQLite) to `articles` articles; returns the readers' addresses as
 * [kind, path] pairs and the public articles as { id, slug, title }.
 */
export async function growSite(dataDir, articles) {
  const db = await openDatabase({ dataDir, migrations: migrationProvider });
  let rows;
  try {
    const taxonomy = await growTaxonomy(db.kysely);
    await bulkLoad(db.kysely, true, async () =>
      growSqlite(new SQLite(path.join(dataDir, 'newsroom.db')), articles, taxonomy, () => {}),
    );
    rows = await db.kysely
      .selectFrom('news')
      .select(['id', 'slug', 'title'])
      .where('status', '=', 1)
      .execute();
    const addresses = [
      ['home', publicPaths.home()],
      ['category API', '/api/v1/u/category-list'],
      ['feed', publicPaths.feed()],
    ];
    for (let page = 1; page <= 5; page++) {
      addresses.push(['list API', `/api/v1/u/get?page=${page}&limit=6`]);
    }
    taxonomy.categories.forEach((category, c) => {
      addresses.push(...sectionAddresses(category.name));
      addresses.push(['related API', `/api/v1/u/related-news?category=${q(category.name)}`]);
      for (let page = 1; page <= 3; page++) {
        addresses.push([
          'list API',
          `/api/v1/u/get?category=${q(category.name)}&page=${page}&limit=6`,
        ]);
      }
      for (const sub of taxonomy.subs[c]) {
        addresses.push(...sectionAddresses(category.name, sub.name));
        addresses.push([
          'list API',
          `/api/v1/u/get?category=${q(category.name)}&subcategory=${q(sub.name)}&page=1&limit=6`,
        ]);
      }
    });
    for (const { name } of taxonomy.publishers.slice(0, 10)) {
      addresses.push(['list API', `/api/v1/u/get?publisher=${q(name)}&page=1&limit=6`]);
    }
    for (const { name } of taxonomy.anchors.slice(0, 10)) {
      addresses.push(['list API', `/api/v1/u/get?anchor=${q(name)}&page=1&limit=6`]);
    }
    for (const { slug } of rows) addresses.push(...articleAddresses(slug));
    return { addresses, articles: rows };
  } finally {
    await db.close();
  }
}
