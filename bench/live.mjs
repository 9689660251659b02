// Live pages benchmark (decision 115): READERS readers hold one live page's event stream open on
// the built server (with --instances 2, half on each of two instances sharing PostgreSQL and
// Redis) while an editor saves ENTRIES entries, one every --every ms. It prints the delivery
// latency of an entry, from the moment its save is sent to its arrival at each reader (p50, p99,
// max, over every reader and entry; and from the save's answer, which comes once the entry is
// committed and announced), how many arrivals were missed, the server memory an idle
// reader costs (resident and heap + buffers after a collection, with every reader open, less
// before, per reader), and the p50/p99 of sample readers asking for the home and article pages
// and the article's API read meanwhile. Needs `npm run build`; a file descriptor limit above the
// readers (`ulimit -n`); with --instances 2, PostgreSQL and Redis.
// Usage: npx tsx bench/live.mjs [--readers 10000] [--entries 20] [--every 500] [--instances 1|2]
//        [--database-url postgres://…] [--redis-url redis://127.0.0.1:6379]
import { randomBytes } from 'node:crypto';
import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config/env.ts';
import { percentile, sampleReaders } from './mixed.mjs';
import { freePort, serveArgs } from './server-process.mjs';

const { values } = parseArgs({
  options: {
    readers: { type: 'string', default: '10000' },
    entries: { type: 'string', default: '20' },
    every: { type: 'string', default: '500' },
    instances: { type: 'string', default: '1' },
    'reader-processes': { type: 'string', default: '4' },
    'database-url': { type: 'string' },
    'redis-url': { type: 'string', default: 'redis://127.0.0.1:6379' },
  },
});
const readers = Math.max(1, Math.min(Number(values.readers), 50_000));
const entries = Math.max(1, Math.min(Number(values.entries), 200));
const every = Math.max(50, Number(values.every));
const instances = values.instances === '2' ? 2 : 1;
const processes = Math.max(1, Math.min(Number(values['reader-processes']), 16));
const databaseUrl =
  values['database-url'] ??
  (instances === 2 ? 'postgres://postgres@127.0.0.1:5432/test' : undefined);

const schema = 'newsroom_live_bench';
async function freshSchema(baseUrl) {
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

// One data folder for every instance: the SQLite file (one instance) and the uploads.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'newsroom-live-bench-'));
const env = {
  DATA_DIR: dataDir,
  ...(databaseUrl && { DATABASE_URL: await freshSchema(databaseUrl) }),
  ...(instances === 2 && {
    REDIS_URL: values['redis-url'],
    REDIS_PREFIX: `bench-live-${randomBytes(4).toString('hex')}:`,
  }),
  JWT_SECRET: randomBytes(32).toString('base64url'),
  ADMIN_SIGNUP_CODE: 'bench-signup-code',
  LOG_LEVEL: 'warn',
};

// The editor and the live page, made through the services (the demo content around them).
const setup = await buildApp(loadConfig({ ...env, SEED_DEMO: '1' }), { logger: false });
const { id: editorId } = await setup.services.registration.createAdmin({
  name: 'Bench Editor',
  email: 'bench-live-editor@example.com',
  password: 'bench-password-1',
  verified: true,
  role: 'editor',
});
const sessionId = await setup.services.sessions.start(editorId);
const token = await setup.services.tokens.sign({
  adminId: editorId,
  email: 'bench-live-editor@example.com',
  role: 'editor',
  sessionId,
});
const demo = await setup.db.kysely
  .selectFrom('news')
  .select(['id', 'slug'])
  .where('status', '=', 1)
  .where('draft', '=', 0)
  .orderBy('created_at', 'desc')
  .executeTakeFirstOrThrow();
await setup.db.kysely.updateTable('news').set({ live: 1 }).where('id', '=', demo.id).execute();
await setup.close();

/** The built server as `npm run serve` starts it, its memory readable after a collection. */
async function startInstance() {
  const port = await freePort();
  const [script, ...flags] = serveArgs().reverse();
  const child = fork(script, [], {
    execArgv: [
      ...flags.reverse(),
      '--expose-gc',
      '--import',
      path.join(import.meta.dirname, 'heap-probe.mjs'),
    ],
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: '0' },
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
    memory: () =>
      new Promise((resolve) => {
        child.once('message', resolve);
        child.send('heap');
      }),
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

/** The reader processes (bench/live-readers.mjs), each holding its share of the streams. */
async function startReaders(bases) {
  const events = `/api/v1/u/news/${demo.slug}/live/events`;
  const share = Math.ceil(readers / processes);
  const children = [];
  for (let i = 0; i < processes; i++) {
    const count = Math.min(share, readers - i * share);
    if (count <= 0) break;
    const out = path.join(dataDir, `readers-${i}.json`);
    const child = fork(
      path.join(import.meta.dirname, 'live-readers.mjs'),
      [bases.join(','), events, String(count), out],
      { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] },
    );
    const ready = await new Promise((resolve) => child.once('message', resolve));
    children.push({ child, ready, output: () => readFileSync(out, 'utf8') });
  }
  return {
    opened: children.reduce((sum, c) => sum + c.ready.opened, 0),
    failed: children.reduce((sum, c) => sum + c.ready.failed, 0),
    async stop() {
      return Promise.all(
        children.map(async ({ child, output }) => {
          const exited = new Promise((resolve) => child.once('exit', resolve));
          child.send('stop');
          await exited;
          return JSON.parse(output());
        }),
      );
    },
  };
}

const servers = [];
for (let i = 0; i < instances; i++) servers.push(await startInstance());
const held = async () => {
  const all = await Promise.all(servers.map((server) => server.memory()));
  return {
    js: all.reduce((sum, m) => sum + m.heapUsed + m.external, 0),
    rss: all.reduce((sum, m) => sum + m.rss, 0),
  };
};
const kb = (bytes) => (bytes / 1024).toFixed(1);
const ms = (value) => `${value.toFixed(1)} ms`;
const wallNow = () => performance.timeOrigin + performance.now();

try {
  // Warm: the page and its API read once, so sample readers measure a served site.
  for (const server of servers) await fetch(`${server.base}/news/${demo.slug}`);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const before = await held();
  const opening = performance.now();
  const open = await startReaders(servers.map((server) => server.base));
  const openSeconds = (performance.now() - opening) / 1000;
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const after = await held();

  const samples = await sampleReaders(servers[0].base, [
    '/',
    `/news/${demo.slug}`,
    `/api/v1/u/news/${demo.slug}`,
  ]);
  const sent = [];
  const answered = [];
  const writeTimes = [];
  for (let n = 0; n < entries; n++) {
    const base = servers[n % servers.length].base;
    const at = wallNow();
    sent[n] = at;
    const response = await fetch(`${base}/api/v1/news/${demo.id}/live`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ text: `<p>Entry live-bench-${n} of the benchmark</p>` }),
    });
    if (!response.ok) throw new Error(`entry ${n}: ${response.status} ${await response.text()}`);
    answered[n] = wallNow();
    writeTimes.push(answered[n] - at);
    await new Promise((resolve) => setTimeout(resolve, every));
  }
  // Stragglers: a moment for the last entry to reach everyone.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const sampled = await samples.stop();
  const results = await open.stop();

  const latencies = [];
  const afterAnswer = [];
  let arrived = 0;
  for (const result of results) {
    for (const [n, times] of Object.entries(result.arrivals)) {
      for (const time of times) {
        latencies.push(time - sent[Number(n)]);
        afterAnswer.push(time - answered[Number(n)]);
      }
      arrived += times.length;
    }
  }
  latencies.sort((x, y) => x - y);
  afterAnswer.sort((x, y) => x - y);
  const samplesSorted = [...sampled.latencies].sort((x, y) => x - y);
  const writesSorted = [...writeTimes].sort((x, y) => x - y);
  const database = databaseUrl ? 'PostgreSQL' : 'SQLite';
  console.log(
    `live: ${readers} readers (${open.opened} open, ${open.failed} refused, opened in ${openSeconds.toFixed(1)} s) ` +
      `on ${instances} instance${instances > 1 ? 's sharing Redis' : ''}, ${database}; ${entries} entries, one every ${every} ms`,
  );
  console.log(
    `delivery from save to each reader: n=${latencies.length} p50 ${ms(percentile(latencies, 50))} ` +
      `p99 ${ms(percentile(latencies, 99))} max ${ms(latencies.at(-1) ?? 0)}; ` +
      `missed ${readers * entries - arrived} of ${readers * entries}`,
  );
  console.log(
    `delivery from the save's answer to each reader: p50 ${ms(percentile(afterAnswer, 50))} ` +
      `p99 ${ms(percentile(afterAnswer, 99))}`,
  );
  console.log(
    `save (POST answered): p50 ${ms(percentile(writesSorted, 50))} p99 ${ms(percentile(writesSorted, 99))}`,
  );
  console.log(
    `memory per idle reader (after a collection): resident ${kb((after.rss - before.rss) / open.opened)} kB; ` +
      `heap and buffers ${kb((after.js - before.js) / open.opened)} kB`,
  );
  console.log(
    `other pages meanwhile (home, article page, article API; ${samplesSorted.length} answers, ${sampled.errors} errors): ` +
      `p50 ${ms(percentile(samplesSorted, 50))} p99 ${ms(percentile(samplesSorted, 99))}`,
  );
} finally {
  await Promise.all(servers.map((server) => server.stop()));
  rmSync(dataDir, { recursive: true, force: true });
}
