// Search at scale: grows (or reuses) a database of N articles written from the demo articles'
// own sentences, then times GET /api/v1/u/search against the built server over HTTP and prints
// p50/p90/p99. Rows are inserted straight into the database in large transactions; the search
// index is kept by the database's own triggers, as for any write.
//
//   npm run build -w apps/server
//   node bench/search.mjs --articles 1000000 --data-dir /tmp/newsroom-search-1m      # SQLite
//   node bench/search.mjs --articles 100000 --database-url postgres://postgres@127.0.0.1:5432/bench
//
// A --data-dir (or database) that already holds enough articles is reused as it is.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { random } from './random.mjs';
import { freePort, serveArgs } from './server-process.mjs';

const { values } = parseArgs({
  options: {
    articles: { type: 'string', default: '100000' },
    'data-dir': { type: 'string' },
    'database-url': { type: 'string' },
    queries: { type: 'string', default: '200' },
  },
});
const target = Math.min(Number(values.articles), 2_000_000);
const queryCount = Math.min(Number(values.queries), 2000);
const databaseUrl = values['database-url'];
const dataDir = values['data-dir'] ?? mkdtempSync(path.join(os.tmpdir(), 'newsroom-search-'));
mkdirSync(dataDir, { recursive: true });
const BATCH = 5000;

const rnd = random(42);
const pick = (list) => list[Math.floor(rnd() * list.length)];
const plain = (html) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&[a-z#0-9]+;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The demo content, read through the API: sentences of bodies, title words, summaries, tags. */
async function demoText(base) {
  // The demo articles are the newest (generated ones are dated 2015-2016): stop at the first
  // generated one, so a grown database is not read through.
  const articles = [];
  for (let page = 1; ; page++) {
    const body = await (await fetch(`${base}/api/v1/u/get?page=${page}&limit=100`)).json();
    const demo = body.data.filter((a) => !a.slug.startsWith('bench-'));
    articles.push(...demo);
    if (body.data.length < 100 || demo.length < body.data.length) break;
  }
  const sentences = articles.flatMap((a) =>
    plain(a.description)
      .split(/(?<=[.!?])\s+/)
      .filter((s) => s.length > 20),
  );
  return {
    sentences,
    titles: articles.map((a) => a.title),
    summaries: articles.map((a) => a.metaDescription),
    tags: [...new Set(articles.flatMap((a) => (a.tags[0] ?? '').split(',')).filter(Boolean))],
    categories: await ids('categories'),
    publishers: await ids('publishers'),
  };
}

/** One generated article: a title mixed from two demo titles, demo sentences as its body. */
function article(source, index) {
  const [a, b] = [pick(source.titles).split(' '), pick(source.titles).split(' ')];
  const title = [...a.slice(0, Math.ceil(a.length / 2)), ...b.slice(Math.ceil(b.length / 2))]
    .join(' ')
    .slice(0, 100);
  const paragraphs = Array.from({ length: 3 + Math.floor(rnd() * 3) }, () =>
    Array.from({ length: 2 + Math.floor(rnd() * 2) }, () => pick(source.sentences)).join(' '),
  );
  const stamp = new Date(Date.UTC(2015, 0, 1) + index * 60_000).toISOString();
  return {
    id: randomUUID(),
    title,
    slug: `bench-${index}-${randomUUID().slice(0, 8)}`,
    meta_description: pick(source.summaries),
    description: paragraphs.map((p) => `<p>${p}</p>`).join(''),
    body_text: paragraphs.join(' '),
    tags: JSON.stringify([pick(source.tags), pick(source.tags)]),
    category_id: pick(source.categories),
    publisher_id: pick(source.publishers),
    alt: 'Generated article',
    status: rnd() < 0.95 ? 1 : 0,
    created_at: stamp,
    updated_at: stamp,
  };
}

const COLUMNS = [
  'id',
  'title',
  'slug',
  'meta_description',
  'description',
  'body_text',
  'tags',
  'category_id',
  'publisher_id',
  'alt',
  'status',
  'created_at',
  'updated_at',
];

async function grow(source, missing) {
  const offset = (await articleCount()) + 1;
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    for (let done = 0; done < missing; done += 500) {
      const rows = Array.from({ length: Math.min(500, missing - done) }, (_, i) =>
        article(source, offset + done + i),
      );
      const params = rows.flatMap((row) => COLUMNS.map((c) => row[c]));
      const tuples = rows.map(
        (_, r) => `(${COLUMNS.map((_, c) => `$${r * COLUMNS.length + c + 1}`).join(',')})`,
      );
      await client.query(
        `insert into news (${COLUMNS.join(',')}) values ${tuples.join(',')}`,
        params,
      );
      if ((done + 500) % 50_000 === 0) console.log(`  ${offset + done + 500}`);
    }
    await client.query('analyze news; analyze news_search');
    await client.end();
    return;
  }
  const db = new SQLite(path.join(dataDir, 'newsroom.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const insert = db.prepare(
    `insert into news (${COLUMNS.join(',')}) values (${COLUMNS.map((c) => `@${c}`).join(',')})`,
  );
  const batch = db.transaction((rows) => rows.forEach((row) => insert.run(row)));
  for (let done = 0; done < missing; done += BATCH) {
    const size = Math.min(BATCH, missing - done);
    batch(Array.from({ length: size }, (_, i) => article(source, offset + done + i)));
    if ((done + size) % 100_000 === 0) console.log(`  ${offset + done + size - 1}`);
  }
  // Merge the index's segments once, as a long-lived database ends up doing by itself.
  db.exec(`insert into news_fts(news_fts) values ('optimize'); analyze;`);
  db.close();
}

/** Queries as readers type them: one or two words of the demo titles, a few word forms. */
function queries(source) {
  const words = source.titles
    .flatMap((t) => t.toLowerCase().split(/[^\p{L}\p{N}]+/u))
    .filter((w) => w.length >= 4);
  const qrnd = random(7);
  const qpick = (list) => list[Math.floor(qrnd() * list.length)];
  return Array.from({ length: queryCount }, (_, i) =>
    i % 2 === 0 ? qpick(words) : `${qpick(words)} ${qpick(words)}`,
  );
}

async function measure(base, list) {
  const time = async (q) => {
    const started = process.hrtime.bigint();
    const response = await fetch(`${base}/api/v1/u/search?q=${encodeURIComponent(q)}&limit=6`);
    const body = await response.json();
    if (response.status !== 200) throw new Error(`${q}: ${response.status} ${body.message}`);
    return { ms: Number(process.hrtime.bigint() - started) / 1e6, count: body.count };
  };
  for (const q of list.slice(0, 20)) await time(q); // warm the caches and connections
  const results = [];
  for (const q of list) results.push({ q, ...(await time(q)) });
  const sorted = [...results].sort((a, b) => a.ms - b.ms);
  const at = (p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))].ms;
  const counts = results.map((r) => r.count).sort((a, b) => a - b);
  console.log(
    `\n${results.length} queries, page 1 of 6, one at a time over HTTP (keep-alive)\n` +
      `p50 ${at(50).toFixed(1)} ms   p90 ${at(90).toFixed(1)} ms   p99 ${at(99).toFixed(1)} ms   ` +
      `max ${sorted.at(-1).ms.toFixed(1)} ms\n` +
      `hits per query: median ${counts[Math.floor(counts.length / 2)]}, max ${counts.at(-1)}`,
  );
  console.log(
    'slowest:',
    sorted
      .slice(-3)
      .map((r) => `"${r.q}" ${r.ms.toFixed(0)} ms (${r.count})`)
      .join(', '),
  );
}

async function ids(table) {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const { rows } = await client.query(`select id from ${table}`);
    await client.end();
    return rows.map((r) => r.id);
  }
  const db = new SQLite(path.join(dataDir, 'newsroom.db'), { readonly: true });
  const rows = db.prepare(`select id from ${table}`).all();
  db.close();
  return rows.map((r) => r.id);
}

async function articleCount() {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const { rows } = await client.query('select count(*)::int as n from news');
    await client.end();
    return rows[0].n;
  }
  const db = new SQLite(path.join(dataDir, 'newsroom.db'), { readonly: true });
  const { n } = db.prepare('select count(*) as n from news').get();
  db.close();
  return n;
}

async function startServer() {
  const port = await freePort();
  server = spawn(process.execPath, serveArgs(), {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      PAGE_CACHE_MB: '0',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/-/health`)).ok) return base;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not start within 5 minutes');
}

async function stopServer() {
  if (!server) return;
  const stopping = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await stopping;
  server = null;
}

let server = null;

try {
  const base = await startServer();
  const source = await demoText(base);
  let count = await articleCount();
  console.log(`${databaseUrl ? 'PostgreSQL' : `SQLite in ${dataDir}`}: ${count} articles`);
  if (count < target) {
    await stopServer();
    const started = Date.now();
    await grow(source, target - count);
    count = target;
    console.log(`grew to ${count} articles in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
  const url = server ? base : await startServer();
  await measure(url, queries(source));
} finally {
  await stopServer();
}
