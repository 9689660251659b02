// Presence benchmark: EDITORS people hold the news editor open across two instances of the built
// server sharing PostgreSQL and Redis (half on each), paired on articles so that each one's partner
// is on the other instance. It prints how long "who is editing" takes to reach the others (from a
// heartbeat sent on one instance to the partner's stream on the other showing the person, and from
// a closed editor to the partner seeing them gone): p50, p99 and max; and the memory an idle editor
// costs each server (its resident memory with every editor's stream open and idle, less before,
// per stream). Needs `npm run build`, PostgreSQL and Redis.
// Usage: npx tsx bench/presence.mjs --database-url postgres://postgres@127.0.0.1:5432/test
//        [--redis-url redis://127.0.0.1:6379] [--editors 200]
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fork } from 'node:child_process';
import http from 'node:http';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config/env.ts';
import { freePort, serveArgs } from './server-process.mjs';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
    'redis-url': { type: 'string', default: 'redis://127.0.0.1:6379' },
    editors: { type: 'string', default: '200' },
  },
});
const editors = Math.max(2, Math.min(Number(values.editors), 2000)) & ~1;
const schema = 'newsroom_presence_bench';
const baseUrl = values['database-url'];

async function freshSchema() {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  // The webhook queue's schema beside the site's (webhooks/pg-boss-queue.ts).
  await client.query(`drop schema if exists ${schema}_pgboss cascade`);
  await client.query(`drop schema if exists ${schema} cascade`);
  await client.query(`create schema ${schema}`);
  await client.end();
  const url = new URL(baseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

const databaseUrl = await freshSchema();
const env = {
  DATABASE_URL: databaseUrl,
  REDIS_URL: values['redis-url'],
  REDIS_PREFIX: `bench-presence-${randomBytes(4).toString('hex')}:`,
  JWT_SECRET: randomBytes(32).toString('base64url'),
  ADMIN_SIGNUP_CODE: 'bench-signup-code',
};

const setupDir = `/tmp/newsroom-presence-setup-${process.pid}`;
// The people and their tokens, made through the services (no sign-in throttles), and articles.
const setup = await buildApp(
  loadConfig({
    ...env,
    DATA_DIR: setupDir,
    SEED_DEMO: '1',
    LOG_LEVEL: 'warn',
  }),
  { logger: false },
);
const people = [];
for (let n = 0; n < editors; n += 10) {
  const batch = Array.from({ length: Math.min(10, editors - n) }, async (_, i) => {
    const name = `Bench Editor ${String(n + i + 1).padStart(3, '0')}`;
    const email = `bench-editor-${n + i}@example.com`;
    const { id } = await setup.services.registration.createAdmin({
      name,
      email,
      password: 'bench-password-1',
      verified: true,
      role: 'editor',
    });
    const sessionId = await setup.services.sessions.start(id);
    const token = await setup.services.tokens.sign({
      adminId: id,
      email,
      role: 'editor',
      sessionId,
    });
    return { id, name, headers: { authorization: `Bearer ${token}` } };
  });
  people.push(...(await Promise.all(batch)));
}
const articles = (await setup.db.kysely.selectFrom('news').select('id').execute()).map((r) => r.id);
await setup.close();
rmSync(setupDir, { recursive: true, force: true });

/**
 * The built server as `npm run serve` starts it, with garbage collection exposed and the heap
 * probe loaded, so its memory can be read after a collection.
 */
async function startInstance() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'newsroom-bench-'));
  const [script, ...flags] = serveArgs().reverse();
  const child = fork(script, [], {
    execArgv: [
      ...flags.reverse(),
      '--expose-gc',
      '--import',
      path.join(import.meta.dirname, 'heap-probe.mjs'),
    ],
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/-/health`)).ok) break;
    } catch {
      if (i > 240) throw new Error('the server did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    base,
    /** The memory the server holds after a garbage collection. */
    memory: () =>
      new Promise((resolve) => {
        child.once('message', resolve);
        child.send('heap');
      }),
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const [a, b] = [await startInstance(), await startInstance()];
/** What the two servers hold, in bytes: everything the JS side keeps (heap, buffers) and resident. */
async function held() {
  const both = await Promise.all([a.memory(), b.memory()]);
  return {
    js: both.reduce((sum, m) => sum + m.heapUsed + m.external, 0),
    rss: both.reduce((sum, m) => sum + m.rss, 0),
  };
}

/** An open editor: its event stream, the latest editors it was shown, and waiters on them. */
function openEditor(base, article, person) {
  return new Promise((resolve, reject) => {
    const url = new URL(`/api/v1/news/${article}/events`, base);
    const editor = { shown: [], waiting: [], request: null };
    editor.request = http.get(url, { headers: person.headers, agent: false }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`events: ${response.statusCode}`));
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => {
        buffer += chunk;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!block.startsWith('event: presence')) continue;
          editor.shown = JSON.parse(/^data: (.*)$/m.exec(block)[1]).map((e) => e._id);
          editor.waiting = editor.waiting.filter((waiter) => !waiter());
        }
      });
      resolve(editor);
    });
    editor.request.on('error', () => {});
  });
}

/** Resolves when `editor` is shown a list for which `holds` is true. */
const until = (editor, holds) =>
  new Promise((resolve) => {
    if (holds(editor.shown)) return resolve();
    editor.waiting.push(() => holds(editor.shown) && (resolve(), true));
  });

const beat = (base, article, person) =>
  fetch(`${base}/api/v1/news/${article}/presence`, {
    method: 'POST',
    headers: { ...person.headers, 'content-type': 'application/json' },
    body: '{}',
  }).then((response) => {
    if (!response.ok) throw new Error(`heartbeat: ${response.status}`);
  });

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const summary = (label, samples) => {
  const sorted = [...samples].sort((x, y) => x - y);
  const f = (ms) => `${ms.toFixed(1)} ms`;
  console.log(
    `${label}: n=${sorted.length} p50 ${f(percentile(sorted, 50))} p99 ${f(percentile(sorted, 99))} max ${f(sorted.at(-1))}`,
  );
};

try {
  // Pairs: person 2i on one instance, 2i+1 on the other, on the same article.
  const pairs = Array.from({ length: editors / 2 }, (_, i) => ({
    article: articles[i % articles.length],
    first: { person: people[2 * i], base: i % 2 ? a.base : b.base },
    second: { person: people[2 * i + 1], base: i % 2 ? b.base : a.base },
  }));
  for (const pair of pairs) {
    pair.first.editor = await openEditor(pair.first.base, pair.article, pair.first.person);
    pair.second.editor = await openEditor(pair.second.base, pair.article, pair.second.person);
  }

  // Arrivals: each person's first heartbeat, timed to their partner's stream on the other instance.
  const arrivals = [];
  for (let i = 0; i < pairs.length; i += 10) {
    await Promise.all(
      pairs.slice(i, i + 10).flatMap((pair) => [
        (async () => {
          const start = performance.now();
          const seen = until(pair.second.editor, (ids) => ids.includes(pair.first.person.id));
          await beat(pair.first.base, pair.article, pair.first.person);
          await seen;
          arrivals.push(performance.now() - start);
        })(),
        (async () => {
          const start = performance.now();
          const seen = until(pair.first.editor, (ids) => ids.includes(pair.second.person.id));
          await beat(pair.second.base, pair.article, pair.second.person);
          await seen;
          arrivals.push(performance.now() - start);
        })(),
      ]),
    );
  }

  // Idle: every editor open, nothing happening. Then each person opens the editor a second time
  // (another tab): what these idle streams add, after a collection, is what an idle editor costs.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const before = await held();
  const tabs = [];
  for (const pair of pairs) {
    for (const side of [pair.first, pair.second]) {
      tabs.push(await openEditor(side.base, pair.article, side.person));
    }
  }
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const after = await held();
  for (const tab of tabs) tab.request.destroy();
  await new Promise((resolve) => setTimeout(resolve, 500));

  // Departures: one of each pair closes the editor; the other sees them gone.
  const departures = [];
  for (let i = 0; i < pairs.length; i += 10) {
    await Promise.all(
      pairs.slice(i, i + 10).map(async (pair) => {
        const start = performance.now();
        const gone = until(pair.first.editor, (ids) => !ids.includes(pair.second.person.id));
        pair.second.editor.request.destroy();
        await gone;
        departures.push(performance.now() - start);
      }),
    );
  }

  console.log(
    `presence: ${editors} editors on ${new Set(pairs.map((p) => p.article)).size} articles, two instances, PostgreSQL + Redis`,
  );
  summary('"who is editing" reaches the other instance, on arrival', arrivals);
  summary('"who is editing" reaches the other instance, on leaving', departures);
  summary('both', [...arrivals, ...departures]);
  const kb = (bytes) => (bytes / 1024).toFixed(1);
  console.log(
    `memory per idle editor (${tabs.length} more idle streams, after a collection): ` +
      `${kb((after.js - before.js) / tabs.length)} kB of heap and buffers; ` +
      `resident ${kb((after.rss - before.rss) / tabs.length)} kB`,
  );
  for (const pair of pairs) pair.first.editor.request.destroy();
} finally {
  await Promise.all([a.stop(), b.stop()]);
}
