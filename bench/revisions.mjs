// Revisions benchmark (decisions 108, 109): grows --articles N articles (SQLite in --data-dir, or
// the PostgreSQL database of --database-url, in its own schema `newsroom_revisions`), each with 10
// revisions stored as the app stores them (a deflated body, then deltas of small edits), then on
// the built server as `npm run serve` starts it (over HTTP, with a signed-in admin; run
// `npm run build` first) prints: an article save's
// p50/p99 at 5 saves a second (each save keeps its revision: the 11th and later of a grown
// article; the first 50 after the app's start apart from the --saves after them), the history
// list's p50, a comparison of two revisions of a 5,000-word article p50,
// and the database's size with and without the revisions.
// The grown database is kept: a rerun with the same --articles reuses it (--fresh regrows;
// --grow-only stops once grown and settled, so growing can run at a lower priority than timing).
// Usage: npx tsx bench/revisions.mjs --articles 1000000 [--database-url postgres://…/test]
//        [--requests 200] [--saves 300] [--data-dir DIR] [--fresh] [--grow-only]
import { mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { migrationProvider } from '../apps/server/src/migrations/provider.ts';
import { storedBody } from '../apps/server/src/revisions/body-delta.ts';
import { storedFields } from '../apps/server/src/revisions/field-delta.ts';
import { runStatement, withoutIndexes } from './scale/bulk.mjs';
import { bulkLoad, growPostgres, growSqlite, growTaxonomy } from './scale/grow.mjs';
import { startServer } from './server-process.mjs';

const { values } = parseArgs({
  options: {
    articles: { type: 'string', default: '1000000' },
    'database-url': { type: 'string' },
    'data-dir': { type: 'string', default: path.join(os.tmpdir(), 'newsroom-revisions') },
    requests: { type: 'string', default: '200' },
    saves: { type: 'string', default: '300' },
    fresh: { type: 'boolean', default: false },
    'grow-only': { type: 'boolean', default: false },
  },
});
const articles = Math.min(Number(values.articles), 2_000_000);
const requests = Math.min(Number(values.requests), 2000);
const saves = Math.min(Number(values.saves), 3000);
const SAVES_PER_SECOND = 5;
/** Saves timed apart, just after the app starts (timeSaves). */
const WARM_SAVES = 50;
const REVISIONS = 10;
const schema = 'newsroom_revisions';
const dataDir = path.resolve(values['data-dir']);
let databaseUrl;
if (values['database-url']) {
  const url = new URL(values['database-url']);
  url.searchParams.set('options', `-c search_path=${schema}`);
  databaseUrl = url.toString();
}
const isSqlite = !databaseUrl;
const where = databaseUrl
  ? `PostgreSQL ${new URL(values['database-url']).pathname.slice(1)}, schema ${schema}`
  : `SQLite in ${dataDir}`;

if (values.fresh) {
  if (databaseUrl) {
    // The webhook queue's schema beside the site's (webhooks/pg-boss-queue.ts).
    await runStatement(values['database-url'], `drop schema if exists ${schema}_pgboss cascade`);
    await runStatement(values['database-url'], `drop schema if exists ${schema} cascade`);
  } else rmSync(dataDir, { recursive: true, force: true });
}
mkdirSync(dataDir, { recursive: true });
if (databaseUrl)
  await runStatement(values['database-url'], `create schema if not exists ${schema}`);

const db = await openDatabase({ databaseUrl, dataDir, migrations: migrationProvider });
const kysely = db.kysely;
const existing = await kysely
  .selectFrom('news_counts')
  .select('all_count')
  .where('scope', '=', 'all')
  .executeTakeFirst();
if (Number(existing?.all_count ?? 0) !== articles) {
  if (Number(existing?.all_count ?? 0) > 0) {
    console.error(
      `${where} holds ${existing.all_count} articles, not ${articles}: rerun with --fresh`,
    );
    process.exit(1);
  }
  console.log(`Growing ${where} to ${articles.toLocaleString('en')} articles…`);
  const started = performance.now();
  const taxonomy = await growTaxonomy(kysely);
  const progress = (done) => process.stdout.write(`\r  ${done.toLocaleString('en')} articles`);
  await bulkLoad(kysely, isSqlite, async () => {
    if (databaseUrl) await growPostgres(kysely, articles, taxonomy, progress);
    else growSqlite(new SQLite(path.join(dataDir, 'newsroom.db')), articles, taxonomy, progress);
  });
  await growRevisions();
  await settle();
  console.log(`\n  grown in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} else {
  console.log(`Reusing ${where} with ${articles.toLocaleString('en')} articles (--fresh regrows)`);
}
if (values['grow-only']) {
  await db.close();
  console.log(`${where} grown; rerun without --fresh to time it`);
  process.exit(0);
}
const sizes = await databaseSizes();
const sample = (
  await kysely.selectFrom('news').select('id').orderBy('id').limit(requests).execute()
).map((row) => row.id);
await db.close();

// The built server as `npm run serve` starts it (its Node flags too), on the grown database, in a
// process of its own: the saves are timed over HTTP, as the back office makes them.
const server = await startServer({
  SEED_DEMO: '0',
  PAGE_CACHE_MB: '0',
  NODE_ENV: 'production',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir }),
});
try {
  const admin = { headers: await server.adminHeaders() };
  console.log(`\n${where}, ${articles.toLocaleString('en')} articles × ${REVISIONS} revisions`);
  await timeSaves(admin);
  const list = await time(requests, (i) =>
    call(admin, 'GET', `/api/v1/news/${sample[i % sample.length]}/revisions?limit=20`),
  );
  console.log(
    `  GET /news/{id}/revisions (a page of 20)          p50 ${list.p50} ms, p99 ${list.p99} ms`,
  );
  await timeCompare(admin);
  const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  console.log(
    `\nDatabase size: ${mb(sizes.total)} with the revisions, ${mb(sizes.total - sizes.revisions)} without`,
  );
  console.log(`  news_revisions and its indexes: ${mb(sizes.revisions)}`);
} finally {
  await server.stop();
}

/**
 * Ten revisions of every grown article, as the app would have stored them: the first a whole
 * deflated copy of its body, each next one a small edit stored as a delta. Every article's body is
 * the same in the grown database, so the ten stored bodies are made once and copied in SQL.
 */
async function growRevisions() {
  const article = await kysely.selectFrom('news').selectAll().limit(1).executeTakeFirstOrThrow();
  const bodies = [article.description];
  for (let k = 1; k < REVISIONS; k++) {
    bodies.push(bodies[k - 1].replace('</p>', ` Edit ${k} of the story.</p>`));
  }
  const fields = {
    title: article.title,
    slug: article.slug,
    metaDescription: article.meta_description,
    tags: ['city', 'daily'],
    categoryId: article.category_id,
    subCategoryId: article.sub_category_id,
    publisherId: article.publisher_id,
    anchorId: article.anchor_id,
    imageKey: null,
    alt: article.alt,
    videoURL: '',
    status: true,
    draft: false,
    publishedAt: article.created_at,
    authorIds: [],
  };
  await sql`create temporary table revision_template (k integer, fields text, body ${sql.raw(isSqlite ? 'blob' : 'bytea')}, body_full integer)`.execute(
    kysely,
  );
  for (let k = 0; k < REVISIONS; k++) {
    const stored = storedBody(bodies[k], k === 0 ? null : bodies[k - 1]);
    const kept = storedFields(k + 1, fields, k === 0 ? null : fields);
    await sql`insert into revision_template values (${k + 1}, ${kept}, ${stored.body}, ${stored.full ? 1 : 0})`.execute(
      kysely,
    );
  }
  await withoutIndexes(kysely, isSqlite, 'news_revisions', async () => {
    const started = performance.now();
    const id = isSqlite ? sql`lower(hex(randomblob(16)))` : sql`gen_random_uuid()::text`;
    // Saved an hour apart, the last at the article's own time.
    const at = isSqlite
      ? sql`strftime('%Y-%m-%dT%H:%M:%fZ', n.updated_at, '-' || (${REVISIONS} - t.k) || ' hours')`
      : sql`to_char((n.updated_at::timestamptz - make_interval(hours => ${REVISIONS} - t.k)) at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    await sql`insert into news_revisions (id, news_id, number, kind, stage, by_id, by_name, created_at, fields, body, body_full, deleted_at)
    select ${id}, n.id, t.k, 'save', 'published', null, 'Bench editor', ${at}, t.fields, t.body, t.body_full, null
    from news n cross join revision_template t`.execute(kysely);
    process.stdout.write(
      `\n  ${(articles * REVISIONS).toLocaleString('en')} revisions in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  });
}

/**
 * The grown database as it would be once it had settled, before anything is timed: statistics of
 * every table for the planner, on PostgreSQL a visibility map and hint bits (what autovacuum does
 * after a load, when it runs: it is off on some servers), and the load's pages written out (a
 * checkpoint), so that no save is timed against the write-back of gigabytes grown a moment before.
 */
async function settle() {
  const started = performance.now();
  if (isSqlite) {
    await sql`analyze`.execute(kysely);
    await sql`pragma wal_checkpoint(truncate)`.execute(kysely);
  } else {
    const { rows } =
      await sql`select tablename from pg_tables where schemaname = current_schema()`.execute(
        kysely,
      );
    for (const { tablename } of rows)
      await sql`vacuum analyze ${sql.table(tablename)}`.execute(kysely);
    await sql`checkpoint`.execute(kysely);
  }
  process.stdout.write(`\n  settled in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** Bytes of the whole database, and of news_revisions with its indexes. */
async function databaseSizes() {
  if (isSqlite) {
    const pages = (
      await sql`select page_count * page_size as bytes from pragma_page_count, pragma_page_size`.execute(
        kysely,
      )
    ).rows[0];
    const revisions = (
      await sql`select coalesce(sum(pgsize), 0) as bytes from dbstat
        where name in ('news_revisions', 'news_revisions_number_idx', 'news_revisions_deleted_idx')
          or name like 'sqlite_autoindex_news_revisions%'`.execute(kysely)
    ).rows[0];
    return { total: Number(pages.bytes), revisions: Number(revisions.bytes) };
  }
  const total = (
    await sql`select coalesce(sum(pg_total_relation_size(format('%I.%I', schemaname, tablename)::regclass)), 0) as bytes
      from pg_tables where schemaname = current_schema()`.execute(kysely)
  ).rows[0];
  const revisions = (
    await sql`select pg_total_relation_size('news_revisions') as bytes`.execute(kysely)
  ).rows[0];
  return { total: Number(total.bytes), revisions: Number(revisions.bytes) };
}

/**
 * Article saves at 5 a second (each started on its tick, whatever the one before took), each a
 * small edit of a grown article through PUT /news/update/{id}: its 11th revision and later. The
 * first WARM_SAVES are timed apart: each database connection's first save after the app starts
 * loads the tables' catalog and compiles the triggers in that connection (PostgreSQL, about
 * 15 ms), so they show a save just after a start, and the --saves after them a newsroom at work.
 */
async function timeSaves(admin) {
  const forms = [];
  for (const id of sample.slice(0, Math.min(sample.length, 50))) {
    const res = await call(admin, 'GET', `/api/v1/news/get/${id}`);
    const news = res.json().data;
    forms.push({
      id,
      fields: {
        title: news.title,
        slug: news.slug,
        metaDescription: news.metaDescription,
        description: news.description,
        alt: news.alt,
        tags: ['city', 'daily'],
        videoURL: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        status: news.status,
        categoryId: news.categoryId,
        subCategoryId: news.subCategoryId,
        publisherId: news.publisherId,
        anchorId: news.anchorId,
      },
    });
  }
  let n = 0;
  /** `count` saves at SAVES_PER_SECOND; their times from each one's tick, and the CPU used. */
  async function run(count) {
    const times = [];
    // The server's own CPU time over the saves: what a save costs it, whatever else runs.
    const cpu = server.cpuSeconds();
    const started = performance.now();
    const pending = [];
    for (let i = 0; i < count; i++) {
      const due = started + (i * 1000) / SAVES_PER_SECOND;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const save = n++;
      const form = forms[save % forms.length];
      const description = form.fields.description.replace('</p>', ` Save ${save}.</p>`);
      pending.push(
        call(admin, 'PUT', `/api/v1/news/update/${form.id}`, { ...form.fields, description }).then(
          (res) => {
            if (res.statusCode !== 200)
              throw new Error(`update answered ${res.statusCode}: ${res.body}`);
            times.push(performance.now() - due);
          },
        ),
      );
    }
    await Promise.all(pending);
    const used = server.cpuSeconds() - cpu;
    return { ...percentiles(times), cpu: (used * 1000) / count };
  }
  const first = await run(WARM_SAVES);
  console.log(
    `  PUT /news/update/{id}, the first ${WARM_SAVES} after the start  p50 ${first.p50} ms, p99 ${first.p99} ms`,
  );
  const steady = await run(saves);
  console.log(
    `  PUT /news/update/{id} at ${SAVES_PER_SECOND}/s (${saves} saves after them)  p50 ${steady.p50} ms, p99 ${steady.p99} ms`,
  );
  console.log(`    the server's CPU time per save: ${steady.cpu.toFixed(2)} ms`);
}

/** Two revisions of a 5,000-word article (ten saves of it, each a small edit), compared. */
async function timeCompare(admin) {
  const first = await call(admin, 'GET', `/api/v1/news/get/${sample[0]}`);
  const base = first.json().data;
  const words = Array.from({ length: 5000 }, (_, i) => `word${i % 997}`);
  const paragraphs = Array.from({ length: 100 }, (_, p) =>
    words.slice(p * 50, p * 50 + 50).join(' '),
  );
  const fields = {
    title: 'A long read about the city, in many parts',
    slug: `bench-long-read-${Date.now()}`,
    metaDescription: 'A long read to time comparisons.',
    alt: 'A street in the city',
    tags: ['city'],
    videoURL: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    status: true,
    categoryId: base.categoryId,
    publisherId: base.publisherId,
  };
  const html = () => paragraphs.map((p) => `<p>${p}.</p>`).join('');
  const created = await call(admin, 'POST', '/api/v1/news/create', {
    ...fields,
    description: html(),
  });
  if (created.statusCode !== 200)
    throw new Error(`create answered ${created.statusCode}: ${created.body}`);
  const id = created.json().data._id;
  for (let k = 1; k < REVISIONS; k++) {
    paragraphs[k * 7] += ` and a sentence added by edit ${k}`;
    await call(admin, 'PUT', `/api/v1/news/update/${id}`, { ...fields, description: html() });
  }
  const revisions = (await call(admin, 'GET', `/api/v1/news/${id}/revisions?limit=10`)).json().data;
  const to = revisions[0]._id;
  const from = revisions[revisions.length - 1]._id;
  const compare = await time(requests, () =>
    call(admin, 'GET', `/api/v1/news/${id}/revisions/compare?from=${from}&to=${to}`),
  );
  console.log(
    `  GET /news/{id}/revisions/compare (5,000 words, 1 → 10) p50 ${compare.p50} ms, p99 ${compare.p99} ms`,
  );
  // Taken away again, so a rerun finds the grown count (its revisions stay, as a deletion's do).
  await call(admin, 'DELETE', `/api/v1/news/delete/${id}`);
}

/** A call of the server's API as `who`; its status, body and JSON. */
async function call(who, method, url, payload) {
  const res = await fetch(`${server.base}${url}`, {
    method,
    headers: {
      ...who.headers,
      ...(payload ? { 'content-type': 'application/json' } : {}),
    },
    ...(payload ? { body: JSON.stringify(payload) } : {}),
  });
  const body = await res.text();
  return { statusCode: res.status, body, json: () => JSON.parse(body) };
}

function percentiles(times) {
  times.sort((a, b) => a - b);
  const at = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(2);
  return { p50: at(0.5), p99: at(0.99) };
}

/** p50 and p99 in ms of `count` sequential calls of `call`, after ten more to warm up. */
async function time(count, fn) {
  const times = [];
  for (let i = 0; i < count + 10; i++) {
    const started = performance.now();
    const res = await fn(i);
    if (res.statusCode !== 200) throw new Error(`answered ${res.statusCode}: ${res.body}`);
    if (i >= 10) times.push(performance.now() - started);
  }
  return percentiles(times);
}
