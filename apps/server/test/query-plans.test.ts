import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  sql,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  type CompiledQuery as Q,
} from 'kysely';
import pg from 'pg';
import { publicPaths } from '@newsroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AddressService } from '../src/addresses/service.ts';
import { CategoryService } from '../src/category/service.ts';
import { DashboardService } from '../src/dashboard/service.ts';
import { DeskService } from '../src/desk/service.ts';
import type { Database } from '../src/db/schema.ts';
import { systemClock } from '../src/domain/clock.ts';
import { NEWS_SITEMAP_MAX, newsWindowStart } from '../src/domain/news-window.ts';
import { NewsArchive } from '../src/feeds/archive.ts';
import { unreferencedMedia } from '../src/media/media-sweep.ts';
import { NewsRepository } from '../src/news/repo.ts';
import { NewsService } from '../src/news/service.ts';
import { ViewBuffer } from '../src/views/view-buffer.ts';
import { SearchService } from '../src/search/service.ts';
import { LocalStorage } from '../src/storage/local.ts';
import { WebhookRepository } from '../src/webhooks/repo.ts';
import { createNews, createTaxonomy, type Taxonomy } from './factories.ts';
import { adminAuth } from './fixtures.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let taxonomy: Taxonomy;
let slug: string;
let articleId: string;
let recorder: Kysely<Database>;
const recorded: Q[] = [];
/** Kysely's log: every statement a recording connection runs. */
const log = (event: { level: string; query: Q }) => {
  if (event.level === 'query') recorded.push(event.query);
};

beforeAll(async () => {
  t = await createTestApp();
  const headers = await adminAuth(t.app);
  taxonomy = await createTaxonomy(t.app, headers);
  const article = await createNews({ app: t.app, headers, taxonomy }, {});
  // One scheduled and one draft, so the reads that leave them out have something to leave out.
  await createNews({ app: t.app, headers, taxonomy }, { publishAt: '2999-01-01T00:00:00Z' });
  await createNews({ app: t.app, headers, taxonomy }, { draft: true });
  slug = article.slug;
  articleId = article._id;
  // A second connection that records the statements the services run. On PostgreSQL sequential
  // scans are priced out, so a plan shows one only where no index can serve (tables here are tiny).
  const dialect = t.databaseUrl
    ? new PostgresDialect({
        pool: new pg.Pool({
          connectionString: t.databaseUrl.replace(
            'options=',
            'options=-c%20enable_seqscan%3Doff%20',
          ),
          max: 1,
        }),
      })
    : new SqliteDialect({ database: new SQLite(path.join(t.dataDir, 'newsroom.db')) });
  recorder = new Kysely<Database>({ dialect, log });
});
afterAll(async () => {
  await recorder.destroy();
  await t.close();
});

/** The plan lines of every statement `read` runs, planned by `db` (the recorder's by default). */
async function plansOf(read: () => Promise<unknown>, db = recorder): Promise<string[]> {
  recorded.length = 0;
  await read();
  const lines: string[] = [];
  for (const query of [...recorded]) {
    const prefix = t.databaseUrl ? 'explain ' : 'explain query plan ';
    const { rows } = await db.executeQuery<Record<string, string>>(
      CompiledQuery.raw(prefix + query.sql, [...query.parameters]),
    );
    lines.push(...rows.map((row) => (row['QUERY PLAN'] ?? row.detail ?? '').trim()));
  }
  return lines;
}

/** Whole-table reads of news or of the address history (categories are few, and read whole). */
const FULL_SCAN =
  /^SCAN (news|n|m|h|news_slug_history|deleted_slugs)$|Seq Scan on (news|\w+_history|deleted_slugs)\b/;

describe('query plans', () => {
  it('read news through an index on every read of the reader path and the admin', async () => {
    const views = new ViewBuffer(recorder, { warn: () => undefined });
    const nothingToDrop = async () => undefined;
    const news = new NewsService(recorder, new LocalStorage(t.dataDir), views, nothingToDrop);
    const archive = new NewsArchive(recorder, systemClock);
    const search = new SearchService(recorder, new LocalStorage(t.dataDir), systemClock);
    const dashboard = new DashboardService(recorder);
    const addresses = new AddressService(recorder, systemClock);
    const { category, subcategory, publisher, anchor } = taxonomy.names;
    const page = { page: 1, limit: 6 };
    const editor = { id: articleId, role: 'editor' as const, address: null };
    const reads: [string, () => Promise<unknown>][] = [
      ['list', () => news.publicList({}, page)],
      ['by category', () => news.publicList({ category }, page)],
      ['by sub-category', () => news.publicList({ subcategory }, page)],
      ['by category + sub-category', () => news.publicList({ category, subcategory }, page)],
      ['by publisher', () => news.publicList({ publisher }, page)],
      ['by anchor', () => news.publicList({ anchor }, page)],
      ['by all four', () => news.publicList({ category, subcategory, publisher, anchor }, page)],
      ['article', () => news.bySlug(slug)],
      [
        'views written',
        async () => {
          news.countView(articleId);
          await views.flush();
        },
      ],
      ['related', () => news.related(category, slug)],
      ['latest', () => news.latest(4)],
      ['admin table', () => news.adminList(page)],
      // The desk (decision 106): each filter of the admin list, and what waits for a person.
      ['admin table, in review', () => news.adminList({ ...page, stage: 'in_review' }, editor)],
      ['admin table, published', () => news.adminList({ ...page, stage: 'published' }, editor)],
      ['admin table, scheduled', () => news.adminList({ ...page, stage: 'scheduled' }, editor)],
      ['my desk', () => news.adminList({ ...page, assignee: 'me' }, editor)],
      ['my desk, ready', () => news.adminList({ ...page, assignee: 'me', stage: 'ready' }, editor)],
      ['desk of an editor', () => new DeskService(recorder, systemClock).summary(editor)],
      [
        'desk of an author',
        () => new DeskService(recorder, systemClock).summary({ ...editor, role: 'author' }),
      ],
      ['dashboard cards', () => dashboard.cards()],
      ['popular news', () => dashboard.popularNews()],
      ['categories', () => new CategoryService(recorder, nothingToDrop).list()],
      ['sitemap index', () => archive.files(50_000)],
      ['search', () => search.search({ q: 'city park', page: 1, limit: 6 })],
      ['next publications', () => new NewsRepository(recorder, systemClock).scheduled(500)],
      ['sitemap file', () => archive.articles(new Date().toISOString().slice(0, 7), 1, 50_000)],
      ['news sitemap', () => archive.recent(newsWindowStart(new Date()), NEWS_SITEMAP_MAX)],
      [
        'media sweep',
        () => unreferencedMedia(recorder, ['news/a.jpg', 'news/b-64x48.jpg.320w.avif']),
      ],
      [
        'webhook history sweep',
        () => new WebhookRepository(recorder).removeSettledEvents('2000-01-01T00:00:00.000Z', 500),
      ],
      ['former or deleted slug', () => addresses.whereabouts(`/news/${slug}-before`)],
      ['former category name', () => addresses.whereabouts('/old-desk/rss.xml')],
      [
        'former sub-category name',
        () => addresses.whereabouts(`${publicPaths.category(category)}/old-sub`),
      ],
    ];
    const scans: string[] = [];
    for (const [name, read] of reads) {
      for (const line of await plansOf(read))
        if (FULL_SCAN.test(line)) scans.push(`${name}: ${line}`);
    }
    expect(scans).toEqual([]);
  });

  // Without statistics SQLite took the desk's (draft, created_at) index for these and walked every
  // public article newest first, keeping those of the list (decision 127). A person's page and the
  // authors' sitemap read the bylines' own index, which carries the articles' times (decision 134).
  it.skipIf(Boolean(process.env.DATABASE_URL))(
    "a list of one section, publisher, anchor or author on SQLite walks that one's own index, and the authors' sitemap the bylines",
    async () => {
      const views = new ViewBuffer(recorder, { warn: () => undefined });
      const news = new NewsService(recorder, new LocalStorage(t.dataDir), views, async () => {});
      const { category, subcategory, publisher, anchor } = taxonomy.names;
      const page = { page: 1, limit: 6 };
      const author = (await news.bySlug(slug)).authors[0]?.slug ?? '';
      const lists: [string, () => Promise<unknown>, RegExp][] = [
        ['by category', () => news.publicList({ category }, page), /news_category_status/],
        [
          'by sub-category',
          () => news.publicList({ subcategory }, page),
          /news_subcategory_status/,
        ],
        [
          'by category + sub-category',
          () => news.publicList({ category, subcategory }, page),
          /news_(sub)?category_status/,
        ],
        ['by publisher', () => news.publicList({ publisher }, page), /news_publisher_status/],
        ['by anchor', () => news.publicList({ anchor }, page), /news_anchor_status/],
        ['related', () => news.related(category, slug), /news_category_status/],
        ['by author', () => news.author(author, page), /news_authors_listed_idx \(staff_id=/],
        [
          "the authors' sitemap",
          () => new NewsArchive(recorder, systemClock).authors(),
          /news_authors_listed_idx \(staff_id=/,
        ],
      ];
      const wrong: string[] = [];
      for (const [name, read, own] of lists) {
        const walks = (await plansOf(read)).filter((line) => /^SEARCH (m|a) /.test(line));
        if (!walks.some((line) => own.test(line)) || walks.some((line) => /draft/.test(line)))
          wrong.push(`${name}: ${walks.join(' | ')}`);
      }
      expect(wrong).toEqual([]);
    },
  );

  // PostgreSQL searches news_search, a table of its own (decision 080).
  it.skipIf(Boolean(process.env.DATABASE_URL))(
    'search on SQLite walks the full-text match first, then finds each row by its rowid',
    async () => {
      const search = new SearchService(recorder, new LocalStorage(t.dataDir), systemClock);
      const lines = await plansOf(() => search.search({ q: 'city', page: 1, limit: 6 }));
      const match = lines.findIndex((line) =>
        /^SCAN news_fts VIRTUAL TABLE INDEX \d+:M/.test(line),
      );
      const byRowid = lines.findIndex((line) => /^SEARCH n USING INTEGER PRIMARY KEY/.test(line));
      expect(match).toBeGreaterThanOrEqual(0);
      expect(byRowid).toBeGreaterThan(match);
    },
  );
});

describe.runIf(Boolean(process.env.DATABASE_URL))('search on PostgreSQL', () => {
  let many: TestApp;
  /** Records the statements the search runs, on a connection planned as the site plans. */
  let manyRecorder: Kysely<Database>;

  beforeAll(async () => {
    many = await createTestApp();
    const headers = await adminAuth(many.app);
    const article = await createNews(
      { app: many.app, headers, taxonomy: await createTaxonomy(many.app, headers) },
      {},
    );
    // Twenty thousand copies of it (news_search is filled by its trigger), and their statistics.
    const columns = sql.raw(
      'meta_description, description, body_text, tags, category_id, sub_category_id, ' +
        'publisher_id, anchor_id, image_key, alt, video_url, status, views, created_at, updated_at',
    );
    await sql`insert into news (id, title, slug, ${columns})
      select gen_random_uuid()::text, title || ' ' || i, slug || '-' || i, ${columns}
      from news, generate_series(1, 20000) as i where id = ${article._id}`.execute(
      many.app.db.kysely,
    );
    await sql`analyze news_search`.execute(many.app.db.kysely);
    const pool = new pg.Pool({ connectionString: many.databaseUrl, max: 1 });
    manyRecorder = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log });
  });
  afterAll(async () => {
    await manyRecorder?.destroy();
    await many?.close();
  });

  it('fetches each candidate by its place in the table, never the table whole', async () => {
    const search = new SearchService(manyRecorder, new LocalStorage(many.dataDir), systemClock);
    const lines = await plansOf(
      () => search.search({ q: 'city', page: 1, limit: 6 }),
      manyRecorder,
    );
    expect(lines.some((line) => line.includes('Tid Scan on news_search'))).toBe(true);
    expect(lines.filter((line) => line.includes('Seq Scan on news_search'))).toEqual([]);
  });
});
