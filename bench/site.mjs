// The site run of `npm run bench -- --site`: readers spread over a whole grown site while an
// editor writes at each rate, after a run without writes in the same sitting (decision 094).
// Imports the server's TypeScript through bench/site/grow.mjs: bench/http.mjs registers tsx.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cpuDuring } from './cpu-shares.mjs';
import { load } from './load.mjs';
import { ACCEPT_ENCODING, json, percentile, picturesFor, sampleReaders } from './mixed.mjs';
import { startServer } from './server-process.mjs';
import { startEditor } from './site/editor.mjs';
import { growSite } from './site/grow.mjs';

/** What the readers ask for, and how often: the share of wrk's requests of each kind. */
const WEIGHTS = {
  article: 30,
  'article API': 10,
  home: 10,
  'list page': 12,
  'list API': 15,
  'related API': 5,
  'category API': 5,
  feed: 5,
  'new article': 8,
};
/** Kinds whose GET counts a view of an article. */
const VIEWED = ['article', 'article API', 'new article'];
/** The kinds whose readers' latency is printed apart. */
const APART = ['home', 'article', 'list API'];
/**
 * Readers run this long before each run, uncounted: long enough for the cache to reach the state
 * a spread-out load keeps it in.
 */
const WARMUP_SECONDS = 10;
/** The goal: readers' p99, and reads as a share of the run without writes. */
const GOAL_P99_MS = 100;
const GOAL_SHARE = 50;

const ms = (value) => `${value.toFixed(1)} ms`;
const load1 = () => os.loadavg()[0].toFixed(2);

function latencyLine(latencies) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return `p50 ${ms(percentile(sorted, 50))}  p99 ${ms(percentile(sorted, 99))}  max ${(sorted.at(-1) ?? 0).toFixed(0)} ms  (${sorted.length})`;
}

/** The public cache's work between two readings of the server's counters. */
function cacheLine(before, after, seconds) {
  const d = Object.fromEntries(Object.keys(after).map((k) => [k, after[k] - before[k]]));
  const kept = d.hitServer + d.hits;
  const share = (100 * kept) / Math.max(1, kept + d.waits + d.builds);
  return `hit rate ${share.toFixed(1)} % (hit server ${d.hitServer}, in the framework ${d.hits} of which ${d.stale} stale; waited for a build ${d.waits}, built ${d.builds}, refreshed by writes ${d.refreshes});  page renders ${d.renders} (${(d.renders / seconds).toFixed(1)}/s)`;
}

/** One measured run at `rate` writes a second; prints its figures and returns the summary. */
async function runOnce({ server, headers, site, listFile, seconds, readers, rate }) {
  const { base } = server;
  const wrkArgs = [`@${listFile}`, ...Object.entries(WEIGHTS).map(([k, w]) => `${k}=${w}`)];
  const kinds = Object.keys(WEIGHTS);
  const options = { connections: readers, headers: { 'accept-encoding': ACCEPT_ENCODING } };
  const totalViews = async () =>
    (await json(await fetch(`${base}/api/v1/dashboard/cards`, { headers }))).body.data.totalViews;

  const pictures = await picturesFor(Math.ceil(seconds * rate * 0.2) + 1);
  await load(base, wrkArgs, { ...options, seconds: WARMUP_SECONDS });
  // The warm-up's views reach the database within a second; the count starts after them.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const viewsBefore = await totalViews();
  const statsBefore = await server.stats();
  const loadBefore = load1();
  const samples = await sampleReaders(base, wrkArgs);
  const editor = startEditor({ base, headers, rate, listFile, site, pictures });
  const cpuRun = cpuDuring(seconds, server.pid, 'site');
  const reads = await load(base, wrkArgs, { ...options, seconds });
  const statsAfter = await server.stats();
  const cpu = await cpuRun;
  const sampled = await samples.stop();
  const { writes, checks, pageViews } = await editor.stop();

  console.log(
    `\n— ${rate} writes/s — ${seconds} s after a ${WARMUP_SECONDS} s warm-up, ${readers} readers (one wrk thread), load average ${loadBefore} before, ${load1()} after`,
  );
  const sent = (kind) => reads.sent[kinds.indexOf(kind)];
  console.log(
    `reads (wrk)      ${reads.rps.toFixed(0)} req/s  errors (non-2xx/3xx, socket) ${reads.errors}  sent: ${kinds.map((k) => `${k} ${sent(k)}`).join(', ')}`,
  );
  console.log(
    `                 as wrk records it: p50 ${ms(reads.p50)}  p99 ${ms(reads.p99)}  max ${reads.max.toFixed(0)} ms`,
  );
  console.log(
    `sample readers   all kinds in turn: ${latencyLine(sampled.latencies)}  errors ${sampled.errors}`,
  );
  for (const kind of APART) {
    console.log(`  ${kind.padEnd(15)}${latencyLine(sampled.latencyOf[kinds.indexOf(kind)])}`);
  }
  const ok = writes.filter((w) => w.ok);
  const times = ok.map((w) => w.ms).sort((a, b) => a - b);
  const counts = new Map();
  for (const { kind } of writes) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  const byKind = [...counts].map(([kind, n]) => `${kind} ${n}`).join(', ');
  console.log(
    `writes           ${writes.length} sent (${byKind || 'none'}), ${ok.length} ok  p50 ${percentile(times, 50).toFixed(0)} ms  p99 ${percentile(times, 99).toFixed(0)} ms  errors ${writes.length - ok.length}`,
  );
  // Each kind's own times: a rare kind (a category renamed) can be the whole p99 of a short run.
  for (const kind of counts.keys()) {
    const own = ok
      .filter((w) => w.kind === kind)
      .map((w) => w.ms)
      .sort((a, b) => a - b);
    if (own.length === 0) continue;
    console.log(
      `  ${kind.padEnd(15)}p50 ${percentile(own, 50).toFixed(0)} ms  max ${(own.at(-1) ?? 0).toFixed(0)} ms  (${own.length})`,
    );
  }
  const failed = new Map(writes.filter((w) => !w.ok).map((w) => [w.kind, w.message]));
  for (const [kind, message] of failed) console.log(`  a failed ${kind}: ${message}`);
  console.log(`public cache     ${cacheLine(statsBefore, statsAfter, seconds)}`);
  if (cpu) console.log(`CPU              ${cpu}`);

  // Views: every article page and article API call sent (wrk, sample readers, the editor's
  // reads) counts one; exact when the count lies between that less the requests cut off at the
  // end and all of them (docs/decisions/077).
  const viewsSent =
    VIEWED.reduce((sum, kind) => sum + sent(kind) + sampled.answered[kinds.indexOf(kind)], 0) +
    pageViews;
  const isExact = (n) => n >= viewsSent - reads.unanswered && n <= viewsSent;
  await new Promise((resolve) => setTimeout(resolve, 2000));
  let counted = (await totalViews()) - viewsBefore;
  let waited = 2;
  while (!isExact(counted) && waited < 12) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    waited += 0.5;
    counted = (await totalViews()) - viewsBefore;
  }
  const views = isExact(counted) ? 'exact' : 'NOT EXACT';
  console.log(
    `views            ${viewsSent} article pages and calls sent, ${reads.unanswered} cut off at the end, ${counted} counted after ${waited} s: ${views}`,
  );
  const all = (list) => `${list.filter(Boolean).length} of ${list.length}`;
  const worst = Math.max(0, ...checks.listDelays);
  console.log(
    `read back        created page shows its title ${all(checks.pages)}; updated title on its page at once ${all(checks.updates)}; deleted page 410 ${all(checks.deletes)}; renamed section's old address 301 ${all(checks.renames)}; home list shows a created title (or a later one's) after at worst ${Number.isFinite(worst) ? `${worst.toFixed(0)} ms` : 'NEVER (5 s)'}`,
  );
  return {
    rate,
    rps: reads.rps,
    p99: percentile(
      [...sampled.latencies].sort((a, b) => a - b),
      99,
    ),
  };
}

export async function runSite({ seconds, readers, rates, articles }) {
  const started = performance.now();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'newsroom-site-'));
  const listFile = path.join(dir, 'addresses');
  let grown;
  console.log(
    `Site run: ${articles} articles grown, readers spread over the whole site (wrk, weights ${Object.entries(
      WEIGHTS,
    )
      .map(([k, w]) => `${k} ${w}`)
      .join(
        ', ',
      )}), 4 sample readers asking for each kind in turn; writes at ${[0, ...rates].join(', then ')} a second; PAGE_CACHE_MB ${process.env.PAGE_CACHE_MB ?? '256 (the default)'}. ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const server = await startServer(
    { SEED_DEMO: '0' },
    { prepare: async (dataDir) => (grown = await growSite(dataDir, articles)) },
  );
  try {
    writeFileSync(listFile, grown.addresses.map(([k, p]) => `${k}\t${p}\n`).join(''));
    const headers = await server.adminHeaders();
    const { base } = server;
    const site = {
      categories: (await json(await fetch(`${base}/api/v1/u/category-list`))).body.data,
      publishers: (await json(await fetch(`${base}/api/v1/publisher/get`, { headers }))).body.data,
      articles: grown.articles,
      writes: 0,
    };
    console.log(`\ngrown and served in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const results = [];
    for (const rate of [0, ...rates]) {
      results.push(await runOnce({ server, headers, site, listFile, seconds, readers, rate }));
    }
    const [none] = results;
    console.log(
      `\nsummary (goal: sample readers' p99 ≤ ${GOAL_P99_MS} ms and reads ≥ ${GOAL_SHARE} % of the run without writes)`,
    );
    for (const r of results) {
      const share = (100 * r.rps) / none.rps;
      const met = r.p99 <= GOAL_P99_MS && share >= GOAL_SHARE;
      console.log(
        `  ${String(r.rate).padStart(2)} writes/s  ${r.rps.toFixed(0).padStart(6)} req/s  ${share.toFixed(0).padStart(3)} % of no writes  readers' p99 ${ms(r.p99)}  ${met ? 'goal met' : 'goal missed'}`,
      );
    }
    console.log(`whole run ${((performance.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
