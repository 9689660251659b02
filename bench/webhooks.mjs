// Webhook delivery under a crash and an outage (decision 117):
//   node bench/webhooks.mjs [--events 10000] [--fail-seconds 60] [--database-url postgres://…/db]
// (run `npm run build` first). Three local endpoints on 127.0.0.1 take the events; the third
// answers 500 for the first --fail-seconds, then 200. The built server records --events article
// events (100 publications, then updates), and is killed with SIGKILL once halfway through the
// writes and started again on the same database. Every request is verified with the
// `standardwebhooks` library. Prints, per endpoint, the events delivered of those recorded, the
// repeats by webhook-id (a kill after an answer but before its outcome was written resends) and
// what is left once deduplicated by id, and the delivery rate. Figures are for this machine at
// this moment; tests never assert them.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import pg from 'pg';
import { Webhook } from 'standardwebhooks';
import { freePort, serveArgs } from './server-process.mjs';

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '10000' },
    'fail-seconds': { type: 'string', default: '60' },
    'database-url': { type: 'string' },
  },
});
const EVENTS = Math.min(Math.max(Number(values.events), 200), 20_000);
const FAIL_MS = Number(values['fail-seconds']) * 1000;
const ARTICLES = 100;
const WRITERS = 8;
/** Once every write is answered, how long deliveries may take to finish. */
const DRAIN_MS = 15 * 60_000;

const started = Date.now();
const elapsed = () => ((Date.now() - started) / 1000).toFixed(1);
const log = (line) => process.stdout.write(`[${elapsed()} s] ${line}\n`);

/** An endpoint that keeps, per webhook-id, how many of its requests it answered 2xx. */
async function endpoint(name) {
  const answered = new Map();
  const state = {
    name,
    requests: 0,
    refused: 0,
    badSignatures: 0,
    answered,
    secret: null,
    last: 0,
    /** Until when it answers 500: set when the writes begin. */
    failsUntil: 0,
  };
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      state.requests += 1;
      if (Date.now() < state.failsUntil) {
        state.refused += 1;
        res.writeHead(500).end('down for maintenance');
        return;
      }
      const body = Buffer.concat(chunks).toString('utf8');
      try {
        new Webhook(state.secret).verify(body, req.headers);
      } catch {
        state.badSignatures += 1;
        res.writeHead(400).end('bad signature');
        return;
      }
      const id = req.headers['webhook-id'];
      answered.set(id, (answered.get(id) ?? 0) + 1);
      state.last = Date.now();
      res.writeHead(200).end('ok');
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${server.address().port}/hook`;
  state.close = () => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(resolve));
  };
  return state;
}

/** A database of its own: a fresh SQLite folder, or a fresh schema of the PostgreSQL database. */
async function database() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'newsroom-bench-webhooks-'));
  const base = values['database-url'];
  if (!base) return { dataDir, env: {}, drop: async () => {} };
  const schema = `bench_webhooks_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  await client.query(`create schema ${schema}`);
  await client.end();
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    dataDir,
    env: { DATABASE_URL: url.toString() },
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      // The webhook queue's schema beside the site's (webhooks/pg-boss-queue.ts).
      await c.query(`drop schema if exists ${schema}_pgboss cascade`);
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
    },
  };
}

/** The built server, as `npm run serve` starts it, on the given database. */
async function startServer(env) {
  const port = await freePort();
  const child = spawn(process.execPath, serveArgs(), {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/-/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (i > 720) throw new Error('the server did not start within 3 minutes');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { base, child };
}

/** The event ids the outbox holds, from the database itself. */
async function recordedEvents(db) {
  const query = `select id from webhook_events where type in ('news.published', 'news.updated')`;
  if (db.url) {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const { rows } = await client.query(query);
    await client.end();
    return rows.map((row) => row.id);
  }
  const sqlite = new Database(path.join(db.dataDir, 'newsroom.db'), { readonly: true });
  const rows = sqlite.prepare(query).all();
  sqlite.close();
  return rows.map((row) => row.id);
}

const db = await database();
const env = {
  DATA_DIR: db.dataDir,
  SEED_DEMO: '0',
  LOG_LEVEL: 'warn',
  ALLOW_PRIVATE_WEBHOOKS: '1',
  ...db.env,
};
const endpoints = [
  await endpoint('A'),
  await endpoint('B'),
  await endpoint(`C (down for the first ${FAIL_MS / 1000} s)`),
];
let server = await startServer(env);
let killedAt = null;
try {
  const email = 'bench-admin@example.com';
  const password = 'bench-password-1';
  spawnSync(
    'node',
    ['apps/server/dist/cli/admin-create.js', '--email', email, '--password', password],
    { env: { ...process.env, ...env }, stdio: 'ignore' },
  );
  const login = await (
    await fetch(`${server.base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    })
  ).json();
  const headers = {
    authorization: `Bearer ${login.data.accessToken}`,
    'content-type': 'application/json',
  };
  for (const target of endpoints) {
    const res = await fetch(`${server.base}/api/v1/webhooks`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ url: target.url, events: ['news.published', 'news.updated'] }),
    });
    const body = await res.json();
    if (!res.ok) throw new Error(`registering ${target.url}: ${body.message}`);
    target.secret = body.data.secret;
  }
  const made = async (p, name) => {
    const res = await fetch(server.base + p, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name }),
    });
    return (await res.json()).data;
  };
  const category = await made('/api/v1/category/create', 'Bench');
  const publisher = await made('/api/v1/publisher/create', 'Bench Publisher');
  const fields = (n, slug) => ({
    title: `Webhook bench article ${n}`,
    slug,
    metaDescription: 'Written by the webhook benchmark.',
    description: `<p>${'A paragraph written by the webhook benchmark. '.repeat(8)}</p>`,
    alt: 'Bench',
    videoURL: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    tags: ['bench'],
    status: true,
    categoryId: category._id,
    publisherId: publisher._id,
  });

  const articles = [];
  let acknowledged = 0;
  let lost = 0;
  const refusals = new Set();
  let next = 0;
  const firstWrite = Date.now();
  endpoints[2].failsUntil = firstWrite + FAIL_MS;
  /** One write: a publication for the first ARTICLES, then updates; each is one event. */
  async function write(n) {
    try {
      let res;
      if (n < ARTICLES) {
        const slug = `webhook-bench-${n}-${started}`;
        res = await fetch(`${server.base}/api/v1/news/create`, {
          method: 'POST',
          headers,
          body: JSON.stringify(fields(n, slug)),
        });
        if (res.ok) articles.push({ id: (await res.clone().json()).data._id, slug, n });
      } else {
        const article = articles[n % articles.length];
        res = await fetch(`${server.base}/api/v1/news/update/${article.id}`, {
          method: 'PUT',
          headers,
          body: JSON.stringify({ ...fields(article.n, article.slug), title: `Update ${n}` }),
        });
      }
      const text = await res.text();
      if (res.ok) acknowledged += 1;
      else {
        lost += 1;
        const why = `${res.status}: ${text.slice(0, 200)}`;
        if (!refusals.has(why)) log(`a write answered ${why}`);
        refusals.add(why);
      }
    } catch (error) {
      // Under way when the server was killed: it may or may not have committed.
      lost += 1;
      const why = `no answer: ${error.cause?.code ?? error.message}`;
      if (!refusals.has(why)) log(`a write got ${why}`);
      refusals.add(why);
    }
  }
  async function writer(until) {
    while (next < until) await write(next++);
  }
  // Publications first (the updates need them), then the rest with the kill halfway.
  await Promise.all(Array.from({ length: WRITERS }, () => writer(ARTICLES)));
  const half = Math.floor(EVENTS / 2);
  const killer = (async () => {
    while (acknowledged + lost < half) await new Promise((resolve) => setTimeout(resolve, 20));
    killedAt = elapsed();
    server.child.kill('SIGKILL');
    await new Promise((resolve) => server.child.once('exit', resolve));
    log(`kill -9 after ${acknowledged} answered writes; starting again on the same database`);
    server = await startServer(env);
  })();
  await Promise.all(Array.from({ length: WRITERS }, () => writer(half + WRITERS)));
  await killer;
  await Promise.all(Array.from({ length: WRITERS }, () => writer(EVENTS)));
  const writesDone = Date.now();
  log(`${acknowledged} writes answered, ${lost} cut off by the kill or refused`);

  const recorded = await recordedEvents(db);
  const deliveredAll = () =>
    endpoints.every((target) => recorded.every((id) => target.answered.has(id)));
  const deadline = Date.now() + DRAIN_MS;
  while (!deliveredAll() && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const lastDelivery = Math.max(...endpoints.map((target) => target.last));

  process.stdout.write(
    `\nwebhooks: ${recorded.length} events recorded (${acknowledged} writes answered, ` +
      `${lost} cut off), 3 endpoints, ${db.url ? 'PostgreSQL' : 'SQLite'}, ` +
      `kill -9 at ${killedAt} s, endpoint C down for the first ${FAIL_MS / 1000} s\n`,
  );
  for (const target of endpoints) {
    const missing = recorded.filter((id) => !target.answered.has(id)).length;
    const repeats = [...target.answered.values()].reduce((sum, count) => sum + count - 1, 0);
    const unique = recorded.filter((id) => target.answered.has(id)).length;
    process.stdout.write(
      `  ${target.name}: delivered ${unique} of ${recorded.length}, missing ${missing}, ` +
        `requests ${target.requests} (refused while down ${target.refused}, ` +
        `bad signatures ${target.badSignatures}), duplicates by webhook-id ${repeats}, ` +
        `after dedup 0\n`,
    );
  }
  const total = endpoints.reduce((sum, target) => sum + target.answered.size, 0);
  const seconds = (lastDelivery - firstWrite) / 1000;
  const healthy = endpoints.slice(0, 2);
  const healthySeconds = (Math.max(...healthy.map((t) => t.last)) - firstWrite) / 1000;
  const healthyTotal = healthy.reduce((sum, target) => sum + target.answered.size, 0);
  process.stdout.write(
    `  writes took ${((writesDone - firstWrite) / 1000).toFixed(1)} s; ` +
      `all ${total} deliveries done ${seconds.toFixed(1)} s after the first write ` +
      `(${(total / seconds).toFixed(0)} deliveries/s overall, C's retries included); ` +
      `A and B: ${healthyTotal} in ${healthySeconds.toFixed(1)} s ` +
      `(${(healthyTotal / healthySeconds).toFixed(0)}/s, through the kill)\n`,
  );
  if (recorded.length === 0 || !deliveredAll()) process.exitCode = 1;
} finally {
  server.child.kill('SIGTERM');
  await new Promise((resolve) => server.child.once('exit', resolve));
  for (const target of endpoints) await target.close();
  await db.drop();
  rmSync(db.dataDir, { recursive: true, force: true });
}
