// The mixed run of `npm run bench -- --mixed`: readers and an admin writing at once.
import sharp from 'sharp';
import { fork } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { cpuDuring } from './cpu-shares.mjs';
import { load } from './load.mjs';
import { startBare } from './server-process.mjs';

export const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;

export async function json(response) {
  return { status: response.status, body: await response.json() };
}

/**
 * The pictures of the writes, made before the run: encoding them while it runs would take the
 * machine's CPU from the server and the readers, and a client elsewhere would not.
 */
export async function picturesFor(count) {
  return Promise.all(
    Array.from({ length: count }, (_, n) =>
      sharp({
        create: { width: 800, height: 450, channels: 3, background: { r: n % 255, g: 90, b: 160 } },
      })
        .jpeg()
        .toBuffer(),
    ),
  );
}

/** The fields of the benchmark's n-th article (its slug made unique by the time). */
export function newsFields(n, taxonomy, title = `Bench write number ${n} under load`) {
  return {
    title,
    slug: `bench-write-${n}-${Date.now()}`,
    metaDescription: 'Written by the benchmark while readers load the site.',
    description: `<p>${'A paragraph written by the benchmark. '.repeat(20)}</p>`,
    alt: 'Benchmark image',
    tags: 'bench',
    status: 'true',
    categoryId: taxonomy.categoryId,
    ...(taxonomy.subCategoryId && { subCategoryId: taxonomy.subCategoryId }),
    publisherId: taxonomy.publisherId,
  };
}

/**
 * One admin write, timed: `fields` sent as a form (with `image`, a JPEG, when given) or, with
 * `asJson`, as JSON.
 */
export async function adminWrite(base, headers, method, url, { fields, image, asJson } = {}) {
  let body;
  if (asJson) body = JSON.stringify(fields);
  else if (fields) {
    body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    if (image) body.append('image', new Blob([image], { type: 'image/jpeg' }), 'bench.jpg');
  }
  const started = performance.now();
  const response = await fetch(`${base}/api/v1${url}`, {
    method,
    headers: asJson ? { ...headers, 'content-type': 'application/json' } : headers,
    body,
  });
  const ms = performance.now() - started;
  const { status, body: answer } = await json(response);
  return { ms, ok: status === 200, data: answer.data, message: `${status} ${answer.message}` };
}

/** One news write through the admin API, with its JPEG (processed by the server). */
async function writeNews(base, headers, taxonomy, n, image) {
  const fields = newsFields(n, taxonomy);
  const { ms, ok, data } = await adminWrite(base, headers, 'POST', '/news/create', {
    fields,
    image,
  });
  return { ms, ok, id: data?._id, title: fields.title };
}

/** Readers run this long first, uncounted, so the figures are of a warm server. */
const WARMUP_SECONDS = 5;
/** Sample readers timing their answers, and the pause each makes between two requests. */
export const SAMPLE_READERS = 4;
export const SAMPLE_PAUSE_MS = 10;

/** Starts the sample readers (bench/probe-readers.mjs); `stop` resolves with their latencies. */
export async function sampleReaders(base, paths) {
  const child = fork(
    path.join(import.meta.dirname, 'probe-readers.mjs'),
    [base, String(SAMPLE_READERS), String(SAMPLE_PAUSE_MS), ...paths],
    { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] },
  );
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  await new Promise((resolve) => child.once('message', resolve));
  return {
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send('stop');
      await exited;
      return JSON.parse(output);
    },
  };
}

/** What the readers accept, as browsers do. */
export const ACCEPT_ENCODING = 'br, gzip';

/** An answer's bytes as sent to a browser (br or gzip, not decoded), and their encoding. */
function rawAnswer(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': ACCEPT_ENCODING } }, (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            body: Buffer.concat(chunks),
            encoding: response.headers['content-encoding'],
          }),
        );
      })
      .on('error', reject);
  });
}

/** The sample readers' line: how many answers, p50, p99 and the longest. */
export function sampleLine(sampled) {
  const sorted = [...sampled.latencies].sort((a, b) => a - b);
  return `${sorted.length} answers to ${SAMPLE_READERS} readers (a request every ${SAMPLE_PAUSE_MS} ms each)  p50 ${percentile(sorted, 50).toFixed(1)} ms  p99 ${percentile(sorted, 99).toFixed(1)} ms  max ${(sorted.at(-1) ?? 0).toFixed(0)} ms  errors ${sampled.errors}`;
}

/**
 * The same answers (the bytes our server sent, in the same encoding) served from memory by a
 * bare Node http server, under the same wrk connections and sample readers, with no writes:
 * what this machine allows at this moment.
 */
async function bareBaseline(base, targets, { readers, seconds }) {
  const answers = {};
  for (const target of Object.values(targets)) answers[target] = await rawAnswer(base + target);
  const bare = await startBare(answers);
  try {
    const options = { connections: readers, headers: { 'accept-encoding': ACCEPT_ENCODING } };
    await load(bare.base, Object.values(targets), { ...options, seconds: WARMUP_SECONDS });
    const samples = await sampleReaders(bare.base, Object.values(targets));
    const cpu = cpuDuring(seconds, bare.pid, 'bare server');
    const reads = await load(bare.base, Object.values(targets), { ...options, seconds });
    return { reads, sampled: await samples.stop(), cpu: await cpu };
  } finally {
    await bare.stop();
  }
}

export async function runMixed({ server, targets, seconds, readers, writesPerSecond }) {
  const { base } = server;
  const headers = await server.adminHeaders();
  const categories = (await json(await fetch(`${base}/api/v1/u/category-list`))).body.data;
  const publishers = (await json(await fetch(`${base}/api/v1/publisher/get`, { headers }))).body
    .data;
  const taxonomy = { categoryId: categories[0]._id, publisherId: publishers[0]._id };
  const article = (await json(await fetch(`${base}/api/v1/u/get?limit=1`))).body.data[0];
  const viewsOf = async () =>
    (await json(await fetch(`${base}/api/v1/news/get/${article._id}`, { headers }))).body.data
      .views;

  console.log(
    `${seconds}s after a ${WARMUP_SECONDS} s warm-up: ${readers} readers (one wrk thread) asking for home, article and list API in turn, accepting br and gzip as browsers do; ${writesPerSecond} admin writes/s (each with an 800x450 JPEG)\n`,
  );
  const names = Object.keys(targets);
  const readerLoad = (warmup) =>
    load(base, Object.values(targets), {
      connections: readers,
      seconds: warmup ? WARMUP_SECONDS : seconds,
      headers: { 'accept-encoding': ACCEPT_ENCODING },
    });
  const pictures = await picturesFor(Math.ceil(seconds * writesPerSecond) + 1);
  await readerLoad(true);
  // The warm-up's views reach the database within a second; the count starts after them.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const viewsBefore = await viewsOf();
  const samples = await sampleReaders(base, Object.values(targets));
  const readerRun = readerLoad(false);
  const cpuRun = cpuDuring(seconds, server.pid, 'site');

  const writes = [];
  const pending = [];
  let n = 0;
  // --writes 0 measures readers alone.
  const timer = setInterval(
    () => {
      if (writesPerSecond === 0) return;
      n += 1;
      pending.push(
        writeNews(base, headers, taxonomy, n, pictures[(n - 1) % pictures.length]).then(
          (w) => writes.push(w),
          () => writes.push({ ok: false, ms: 0 }),
        ),
      );
    },
    1000 / Math.max(writesPerSecond, 1),
  );
  const reads = await readerRun;
  const cpu = await cpuRun;
  const sampled = await samples.stop();
  clearInterval(timer);
  await Promise.all(pending);

  const share = (name) => reads.sent[names.indexOf(name)];
  console.log(
    `load (wrk)       ${reads.rps.toFixed(0)} req/s (${names.map((name) => `${name} ${share(name)}`).join(', ')} sent)  errors ${reads.errors}`,
  );
  console.log(
    `                 as wrk records it: p50 ${reads.p50.toFixed(1)} ms  p99 ${reads.p99.toFixed(1)} ms  mean ${reads.mean.toFixed(1)} ms (the mean ${readers} connections allow at this rate: ${((1000 * readers) / reads.rps).toFixed(1)} ms)`,
  );
  console.log(`sample readers   ${sampleLine(sampled)}`);
  const ms = writes
    .filter((w) => w.ok)
    .map((w) => w.ms)
    .sort((a, b) => a - b);
  console.log(
    `admin writes     ${writes.length} sent, ${ms.length} ok  p50 ${percentile(ms, 50).toFixed(0)} ms  p99 ${percentile(ms, 99).toFixed(0)} ms  errors ${writes.length - ms.length}`,
  );
  if (cpu) console.log(`CPU              ${cpu}`);

  // Views are written within a second; the admin reads them back 2 s after the load, then
  // every half second for up to 10 s more, to tell a late or passing miscount from a lasting one. A request cut
  // off when the load stopped may have been counted by the server without being answered: the
  // count is exact when it lies between the article pages sent (by wrk and the sample readers)
  // less those cut off, and all sent.
  const articleSent = share('article') + sampled.answered[names.indexOf('article')];
  const isExact = (n) => n >= articleSent - reads.unanswered && n <= articleSent;
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const counted = (await viewsOf()) - viewsBefore;
  let later = counted;
  let waited = 2;
  while (!isExact(later) && waited < 12) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    waited += 0.5;
    later = (await viewsOf()) - viewsBefore;
  }
  console.log(
    `views            ${articleSent} article pages sent, ${reads.unanswered} requests cut off at the end, ${counted} views counted after 2 s: ${isExact(counted) ? 'exact' : `NOT EXACT (${later} after ${waited} s: ${isExact(later) ? 'exact then' : later < articleSent ? 'lost' : 'too many'})`}`,
  );
  let readBack = 0;
  for (const w of writes.filter((item) => item.ok)) {
    const got = await json(await fetch(`${base}/api/v1/news/get/${w.id}`, { headers }));
    if (got.status === 200 && got.body.data.title === w.title) readBack += 1;
  }
  console.log(
    `writes read back ${readBack} of ${ms.length} acknowledged: ${readBack === ms.length ? 'all' : 'SOME MISSING'}`,
  );

  const bare = await bareBaseline(base, targets, { readers, seconds });
  console.log(
    `\nbare baseline    the same answers from memory (bare Node http), the same ${readers} wrk connections and sample readers, no writes:`,
  );
  console.log(`load (wrk)       ${bare.reads.rps.toFixed(0)} req/s  errors ${bare.reads.errors}`);
  console.log(`sample readers   ${sampleLine(bare.sampled)}`);
  if (bare.cpu) console.log(`CPU              ${bare.cpu}`);
  console.log('\ngoals: reader p99 ≤ 50 ms, writes p99 ≤ 250 ms, no errors, views exact');
}
