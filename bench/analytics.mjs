// Analytics benchmark (decision 119): grows --articles N articles (SQLite in --data-dir, or the
// PostgreSQL database of --database-url, in its own schema `newsroom_analytics`) and a year of
// daily view totals as the app keeps them, then on the real app (in process, through app.inject
// with a signed-in admin) prints p50/p99 of each chart read and the query plan of each statement.
//
// The year of totals (365 days ending today in SITE_TIME_ZONE; the same on both databases, from
// one seeded random source): each day, every article published in the 14 days before it is read,
// about 200 × e^(−age in days / 1.5) views (from 20 % to 120 % of it; one in fifty a hit with ten
// times that), and 3,000 older articles picked at random get 1 to 20 views each — about 10,700
// articles a day, 3.9 million article-day rows, most views on the newest articles, as on a news
// site. The site's, sections' and each day's top list rows follow from them; 40 referrer hosts a
// day, the first ones busier.
// The grown database is kept: a rerun with the same --articles reuses it (--fresh regrows).
// Usage: npx tsx bench/analytics.mjs --articles 1000000 [--database-url postgres://…/test]
//        [--requests 200] [--data-dir DIR] [--fresh]
import { mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config/env.ts';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { migrationProvider } from '../apps/server/src/migrations/provider.ts';
import { DAY_TOP_SIZE } from '../apps/server/src/analytics/repo.ts';
import { random } from './random.mjs';
import { runStatement } from './scale/bulk.mjs';
import { bulkLoad, growPostgres, growSqlite, growTaxonomy } from './scale/grow.mjs';

const { values } = parseArgs({
  options: {
    articles: { type: 'string', default: '1000000' },
    'database-url': { type: 'string' },
    'data-dir': { type: 'string', default: path.join(os.tmpdir(), 'newsroom-analytics') },
    requests: { type: 'string', default: '200' },
    fresh: { type: 'boolean', default: false },
  },
});
const articles = Math.min(Number(values.articles), 2_000_000);
const requests = Math.min(Number(values.requests), 2000);
const DAYS = 365;
const RECENT_DAYS = 14;
const TAIL = 3000;
const HOSTS = 40;
const timeZone = process.env.SITE_TIME_ZONE ?? 'Asia/Kolkata';
const schema = 'newsroom_analytics';
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
  console.log(`\n  grown in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
const grownDays = await kysely
  .selectFrom('analytics_site_days')
  .select((eb) => eb.fn.countAll().as('n'))
  .executeTakeFirstOrThrow();
if (Number(grownDays.n) < DAYS) {
  const started = performance.now();
  await growAnalytics();
  console.log(
    `\n  a year of daily totals in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
} else {
  console.log(`Reusing ${where} with ${articles.toLocaleString('en')} articles (--fresh regrows)`);
}
const figures = await tableSizes();
// Articles whose chart is read: the newest ones (read every day lately) and older ones.
const newest = await kysely
  .selectFrom('news')
  .select('id')
  .orderBy('created_at', 'desc')
  .limit(requests / 2)
  .execute();
const older = await kysely
  .selectFrom('analytics_article_days')
  .select('news_id as id')
  .where('day', '=', dayOf(Date.now() - 3 * 86_400_000))
  .limit(requests / 2)
  .execute();
const sample = [...newest, ...older].map((row) => row.id);
await db.close();

const app = await buildApp(
  loadConfig({
    DATA_DIR: dataDir,
    SEED_DEMO: '0',
    PAGE_CACHE_MB: '0',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    SITE_TIME_ZONE: timeZone,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  }),
  { logger: false },
);
try {
  const admin = await signIn();
  console.log(`\n${where}, ${articles.toLocaleString('en')} articles, ${figures}`);
  console.log(`  ${requests} sequential calls each, after 10 to warm up\n`);
  for (const days of [7, 30, 90]) {
    const read = await time(requests, () => call(admin, `/api/v1/dashboard/views?days=${days}`));
    console.log(
      `  GET /dashboard/views?days=${days}`.padEnd(44) + `p50 ${read.p50} ms, p99 ${read.p99} ms`,
    );
  }
  for (const days of [7, 30, 90]) {
    const read = await time(requests, (i) =>
      call(admin, `/api/v1/news/${sample[i % sample.length]}/views?days=${days}`),
    );
    console.log(
      `  GET /news/{id}/views?days=${days}`.padEnd(44) + `p50 ${read.p50} ms, p99 ${read.p99} ms`,
    );
  }
} finally {
  await app.close();
}
await printPlans();

/** The date (YYYY-MM-DD) in the site's time zone of the instant `ms`. */
function dayOf(ms) {
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(ms));
}

/**
 * A year of daily totals, day by day: each day's article rows in one statement joined to the
 * grown articles by slug (`story-<i>`, published in order over five years), then the site's,
 * the sections', the days' top lists and the referrers' rows from them in a few grouped statements.
 */
async function growAnalytics() {
  await sql`delete from analytics_article_days`.execute(kysely);
  for (const table of [
    'analytics_site_days',
    'analytics_section_days',
    'analytics_day_top',
    'analytics_referrer_days',
  ]) {
    await sql.raw(`delete from ${table}`).execute(kysely);
  }
  const next = random(119);
  const perDay = articles / (5 * 365);
  for (let d = DAYS - 1; d >= 0; d--) {
    const day = dayOf(Date.now() - d * 86_400_000);
    // The newest article published by then (articles are spread evenly over five years).
    const last = Math.floor(articles * (1 - d / (5 * 365))) - 1;
    const views = new Map();
    const first = Math.max(0, Math.floor(last - RECENT_DAYS * perDay));
    for (let i = first; i <= last; i++) {
      const age = (last - i) / perDay;
      const hit = next() < 0.02 ? 10 : 1;
      views.set(i, Math.max(1, Math.floor(200 * Math.exp(-age / 1.5) * (0.2 + next()) * hit)));
    }
    for (let k = 0; k < TAIL && first > 0; k++) {
      const i = Math.floor(next() * first);
      views.set(i, (views.get(i) ?? 0) + 1 + Math.floor(next() * 20));
    }
    const rows = JSON.stringify([...views]);
    if (isSqlite) {
      await sql`insert into analytics_article_days (news_id, day, views)
        select n.id, ${day}, json_extract(j.value, '$[1]') from json_each(${rows}) j
        join news n on n.slug = 'story-' || json_extract(j.value, '$[0]')`.execute(kysely);
    } else {
      await sql`insert into analytics_article_days (news_id, day, views)
        select n.id, ${day}, (j.value->>1)::int from json_array_elements(${rows}::json) j
        join news n on n.slug = 'story-' || (j.value->>0)`.execute(kysely);
    }
    const hosts = [];
    for (let h = 0; h < HOSTS; h++) {
      hosts.push({
        day,
        host: `site${h}.example`,
        views: Math.floor(5000 / (h + 1) + next() * 50),
      });
    }
    await kysely.insertInto('analytics_referrer_days').values(hosts).execute();
    process.stdout.write(`\r  daily totals of ${day}`);
  }
  await sql`insert into analytics_site_days (day, views)
    select day, sum(views) from analytics_article_days group by day`.execute(kysely);
  await sql`insert into analytics_section_days (day, category_id, views)
    select a.day, n.category_id, sum(a.views) from analytics_article_days a
    join news n on n.id = a.news_id group by a.day, n.category_id`.execute(kysely);
  await sql`insert into analytics_day_top (day, news_id, views)
    select day, news_id, views from (
      select day, news_id, views,
        row_number() over (partition by day order by views desc, news_id) as position
      from analytics_article_days) ranked
    where position <= ${DAY_TOP_SIZE}`.execute(kysely);
  if (isSqlite) await sql`analyze`.execute(kysely);
  else
    for (const table of ['analytics_article_days', 'analytics_day_top', 'analytics_section_days'])
      await sql.raw(`vacuum analyze ${table}`).execute(kysely);
}

/** The rows of each analytics table, for the heading. */
async function tableSizes() {
  const counts = [];
  for (const table of [
    'analytics_site_days',
    'analytics_section_days',
    'analytics_article_days',
    'analytics_day_top',
    'analytics_referrer_days',
  ]) {
    const { n } = await kysely
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    counts.push(`${table} ${Number(n).toLocaleString('en')}`);
  }
  return `rows: ${counts.join(', ')}`;
}

function call(who, url) {
  return app.inject({ method: 'GET', url, headers: who.headers });
}

async function signIn() {
  const email = `bench-admin-${Date.now()}@example.com`;
  const password = 'bench-password-42';
  await app.services.registration.createAdmin({
    name: 'Bench admin',
    email,
    password,
    verified: true,
    role: 'admin',
  });
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password },
  });
  if (login.statusCode !== 200) throw new Error(`login answered ${login.statusCode}`);
  return { headers: { authorization: `Bearer ${login.json().data.accessToken}` } };
}

function percentiles(times) {
  times.sort((a, b) => a - b);
  const at = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(2);
  return { p50: at(0.5), p99: at(0.99) };
}

/** p50 and p99 in ms of `count` sequential calls of `fn`, after ten more to warm up. */
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

/**
 * The plan of every statement of each chart read: the app's own service on a Kysely that records
 * what it runs, each statement then explained (SQLite: EXPLAIN QUERY PLAN; PostgreSQL: EXPLAIN).
 */
async function printPlans() {
  const { AnalyticsService } = await import('../apps/server/src/analytics/service.ts');
  const recorded = [];
  const dialect = databaseUrl
    ? new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl, max: 2 }) })
    : new SqliteDialect({ database: new SQLite(path.join(dataDir, 'newsroom.db')) });
  const recording = new Kysely({
    dialect,
    log: (event) => {
      if (event.level === 'query') recorded.push(event.query);
    },
  });
  const service = new AnalyticsService(recording, {
    timeZone,
    clock: { now: () => new Date() },
  });
  const reads = [
    ['GET /dashboard/views?days=90', () => service.site(90)],
    ['GET /news/{id}/views?days=90', () => service.article(sample[0], 90)],
  ];
  console.log('\nQuery plans');
  for (const [name, read] of reads) {
    recorded.length = 0;
    await read();
    console.log(`  ${name}`);
    for (const query of [...recorded]) {
      const prefix = isSqlite ? 'explain query plan ' : 'explain ';
      const { rows } = await recording.executeQuery(
        CompiledQuery.raw(prefix + query.sql, [...query.parameters]),
      );
      console.log(`    ${query.sql.replace(/\s+/g, ' ').slice(0, 160)}`);
      for (const row of rows) console.log(`      ${isSqlite ? row.detail : row['QUERY PLAN']}`);
    }
  }
  await recording.destroy();
}
