// Scale benchmark: grows a database to --articles N (SQLite in --data-dir, or the PostgreSQL
// database of --database-url, in its own schema `newsroom_scale`), starts the real server on it
// with the page cache off (PAGE_CACHE_MB=0: the uncached path), and for every public and admin
// read prints p50/p99 at the HTTP level over --requests sequential calls, and its query plans;
// then again with the page cache on (64 MB), each read over a few URLs kept after a first visit.
// The grown database is kept: a rerun with the same --articles reuses it (--fresh regrows).
// Usage: npm run bench:scale -- --articles 1000000 [--database-url postgres://…/scale]
//        [--requests 200] [--data-dir DIR] [--fresh] [--no-plans]
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { validateXML } from 'xmllint-wasm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config/env.ts';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { migrationProvider } from '../apps/server/src/migrations/provider.ts';
import { runStatement } from './scale/bulk.mjs';
import {
  bulkLoad,
  growBylines,
  growPostgres,
  growSqlite,
  growTaxonomy,
  growWriters,
} from './scale/grow.mjs';
import { plansOf, printPlans, recordingServices } from './scale/plans.mjs';
import { measure, printRow, waitFor } from './scale/timing.mjs';
import { freePort } from './server-process.mjs';
import { pagesOf, readsOf, sampleOf } from './scale/reads.mjs';

const { values } = parseArgs({
  options: {
    articles: { type: 'string', default: '100000' },
    'database-url': { type: 'string' },
    'data-dir': { type: 'string', default: path.join(os.tmpdir(), 'newsroom-scale') },
    requests: { type: 'string', default: '200' },
    fresh: { type: 'boolean', default: false },
    'no-plans': { type: 'boolean', default: false },
  },
});
const articles = Math.min(Number(values.articles), 2_000_000);
const requests = Math.min(Number(values.requests), 2000);
const schema = 'newsroom_scale';
/** With the cache on, each read cycles over this many URLs (kept after their first visit). */
const WARM_URLS = 10;
/** Files validated in one run of xmllint (each article file is at most a few hundred KB). */
const SCHEMA_BATCH = 40;
/** The sitemaps.org schemas, as the server's sitemap tests use them. */
const SITEMAP_SCHEMAS = path.join(import.meta.dirname, '../apps/server/test/sitemaps-org');
const dataDir = path.resolve(values['data-dir']);
let databaseUrl;
if (values['database-url']) {
  const url = new URL(values['database-url']);
  url.searchParams.set('options', `-c search_path=${schema}`);
  databaseUrl = url.toString();
}
const where = databaseUrl
  ? `PostgreSQL ${new URL(values['database-url']).pathname.slice(1)}, schema ${schema}`
  : `SQLite in ${dataDir}`;

// A fresh start: the SQLite file or the bench's own schema, nothing else.
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
const existing = await db.kysely
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
  const taxonomy = await growTaxonomy(db.kysely);
  const progress = (done) => process.stdout.write(`\r  ${done.toLocaleString('en')} articles`);
  await bulkLoad(db.kysely, !databaseUrl, async () => {
    if (databaseUrl) await growPostgres(db.kysely, articles, taxonomy, progress);
    else growSqlite(new SQLite(path.join(dataDir, 'newsroom.db')), articles, taxonomy, progress);
  });
  const bylinesFrom = performance.now();
  const spread = await growBylines(db.kysely, !databaseUrl, await growWriters(db.kysely));
  process.stdout.write(
    `; ${spread.bylines} bylines of ${spread.writers} writers in ${((performance.now() - bylinesFrom) / 1000).toFixed(1)} s (the busiest ${spread.busiest} articles, the quietest ${spread.quietest})`,
  );
  console.log(`\n  grown in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} else {
  console.log(`Reusing ${where} with ${articles.toLocaleString('en')} articles (--fresh regrows)`);
}
const sample = await sampleOf(db.kysely);
await db.close();

const env = {
  DATA_DIR: dataDir,
  SEED_DEMO: '0',
  PAGE_CACHE_MB: '0',
  LOG_LEVEL: 'warn',
  HOST: '127.0.0.1',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
};
const token = await adminToken();
const reads = readsOf(sample);
const pages = pagesOf(sample);
// The uncached path first (every read goes to the database), then the page cache on as a site
// runs it: each public read over a set of URLs visited once before timing, so they are kept.
await runPass('0', (url) => url);
await runPass('64', (url) => (i) => url(i % WARM_URLS));

/** Serves the grown database with PAGE_CACHE_MB=`cacheMb` and times every read and page. */
async function runPass(cacheMb, urlsOf) {
  const port = await freePort();
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    env: {
      ...process.env,
      ...env,
      PAGE_CACHE_MB: cacheMb,
      PORT: String(port),
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const plans = cacheMb === '0' && !values['no-plans'];
  try {
    await waitFor(`${base}/-/health`);
    const recording = plans ? planRecording() : null;
    console.log(
      `\n${where}, ${articles.toLocaleString('en')} articles, PAGE_CACHE_MB=${cacheMb}, ${requests} sequential requests per read${cacheMb === '0' ? '' : `, over ${WARM_URLS} URLs each, visited once first`}\n`,
    );
    printRow(['read', 'p50 ms', 'p99 ms', 'status', 'plan'], true);
    const planned = [];
    for (const read of [...reads, ...pages]) {
      const timed = { ...read, url: urlsOf(read.url) };
      const count = read.few ? Math.min(requests, 20) : requests;
      if (cacheMb !== '0') await measure(base, timed, WARM_URLS, token);
      const result = await measure(base, timed, count, token);
      const isPage = pages.includes(read);
      const plan = recording && !isPage ? await plansOf(recording, !databaseUrl, read) : null;
      printRow([
        read.name,
        result.p50,
        result.p99,
        result.statuses,
        isPage
          ? 'as the reads above'
          : plan
            ? plan.fullScan
              ? 'FULL SCAN of news'
              : 'indexed'
            : '-',
      ]);
      if (plan) planned.push([read.name, plan]);
    }
    if (cacheMb === '0') await checkSitemap(base);
    if (plans) {
      console.log('\nQuery plans (each statement of each read):');
      for (const [name, plan] of planned) {
        console.log(`  ${name}`);
        printPlans(plan);
      }
    }
    await recording?.kysely.destroy();
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
}

/**
 * Walks the sitemap index and every file it names, checks each against the sitemaps.org schema
 * (libxml2, the schemas the server tests use), and checks that the article files together list
 * each active article exactly once (the server's count of active articles against the distinct
 * URLs).
 */
async function checkSitemap(base) {
  const started = performance.now();
  const locs = (xml) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
  const index = await (await fetch(`${base}/sitemap.xml`)).text();
  const files = locs(index);
  const schemaProblems = await schemaErrors(
    [{ fileName: 'sitemap.xml', contents: index }],
    'siteindex',
  );
  const urls = new Set();
  let listed = 0;
  let largest = 0;
  let articleFiles = 0;
  let batch = [];
  const validate = async () => {
    schemaProblems.push(...(await schemaErrors(batch, 'sitemap')));
    batch = [];
  };
  for (const file of files) {
    const { pathname } = new URL(file);
    const xml = await (await fetch(base + pathname)).text();
    batch.push({ fileName: pathname.split('/').pop(), contents: xml });
    if (batch.length === SCHEMA_BATCH) await validate();
    if (!pathname.startsWith('/sitemaps/news-')) continue;
    const found = locs(xml);
    articleFiles += 1;
    listed += found.length;
    largest = Math.max(largest, found.length);
    for (const loc of found) urls.add(loc);
  }
  if (batch.length > 0) await validate();
  const active = (await (await fetch(`${base}/api/v1/u/get?page=1&limit=1`)).json()).count;
  const verdict =
    urls.size === active && listed === active ? 'every active article, once' : 'MISMATCH';
  const schema =
    schemaProblems.length === 0
      ? `the index and all ${files.length} files valid against the sitemaps.org schema`
      : `SCHEMA ERRORS (${schemaProblems.length}), the first: ${schemaProblems.slice(0, 3).join(' | ')}`;
  console.log(
    `\nsitemap: ${articleFiles} article files (largest ${largest.toLocaleString('en')} URLs), ${listed.toLocaleString('en')} URLs, ${urls.size.toLocaleString('en')} distinct, ${active.toLocaleString('en')} active articles: ${verdict}; ${schema} (walked in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
}

/** libxml2's errors for these documents against a sitemaps.org schema (`sitemap`, `siteindex`). */
async function schemaErrors(documents, schema) {
  const file = `${schema}.xsd`;
  const contents = readFileSync(path.join(SITEMAP_SCHEMAS, file), 'utf8');
  const result = await validateXML({
    xml: documents,
    schema: { fileName: file, contents },
    maxMemoryPages: 16384,
  });
  return result.errors.map((error) => error.rawMessage.trim());
}

/** An admin for the admin reads, created through the app's own service, and its access token. */
async function adminToken() {
  const app = await buildApp(loadConfig(env), { logger: false });
  const email = `bench-${Date.now()}@example.com`;
  const password = 'bench-password-42';
  await app.services.registration.createAdmin({ name: 'Bench', email, password, verified: true });
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password },
  });
  await app.close();
  return login.json().data.accessToken;
}

function planRecording() {
  const dialect = databaseUrl
    ? new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl, max: 2 }) })
    : new SqliteDialect({ database: new SQLite(path.join(dataDir, 'newsroom.db')) });
  return recordingServices(dialect);
}
