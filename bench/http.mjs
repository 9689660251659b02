// Load benchmark of the reader path against the built server (run `npm run build` first).
//   npm run bench [-- --seconds 5 --connections 50]
//     home page, article page and list API, then the same article HTML served from memory by a
//     bare Node http server, in the same run, with each target's share of the bare req/s.
//   npm run bench -- --mixed [--seconds 60 --readers 200 --writes 5]
//     readers hammer home, article and list while an admin writes news (with an image) at a
//     steady rate: reader and write p50/p99, errors, whether views are exact and every
//     acknowledged write reads back. Default 10 s; --seconds 60 for the full check.
//   npm run bench -- --site [--seconds 30 --readers 200 --writes 1,5 --articles 2000]
//     readers spread over a whole grown site while an editor writes of every kind at each rate,
//     after the same run without writes (bench/site.mjs, decision 094). Default 30 s, writes 1,5.
// Figures are for this machine at this moment; tests never assert them.
import { parseArgs } from 'node:util';
import { load as wrk, requireWrk } from './load.mjs';
import { runMixed } from './mixed.mjs';
import { startBare, startServer } from './server-process.mjs';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string' },
    connections: { type: 'string', default: '50' },
    mixed: { type: 'boolean', default: false },
    site: { type: 'boolean', default: false },
    readers: { type: 'string', default: '200' },
    writes: { type: 'string' },
    articles: { type: 'string', default: '2000' },
  },
});
requireWrk();
const seconds = Math.min(Number(values.seconds ?? (values.site ? 30 : values.mixed ? 10 : 5)), 120);
const readers = Math.min(Number(values.readers), 400);

if (values.site) {
  // The site run grows its database with the server's own TypeScript (bench/site/grow.mjs).
  const { register } = await import('tsx/esm/api');
  register();
  const { runSite } = await import('./site.mjs');
  const rates = (values.writes ?? '1,5')
    .split(',')
    .map((rate) => Math.min(Number(rate), 20))
    .filter((rate) => rate > 0);
  await runSite({
    seconds,
    readers,
    rates,
    articles: Math.min(Number(values.articles), 20_000),
  });
  process.exit(0);
}

const server = await startServer();
try {
  const list = await (await fetch(`${server.base}/api/v1/u/get?page=1&limit=6`)).json();
  const slug = list.data[0].slug;
  const targets = {
    home: '/',
    article: `/news/${slug}`,
    list: '/api/v1/u/get?page=1&limit=6',
  };
  if (values.mixed) {
    await runMixed({
      server,
      targets,
      seconds,
      readers,
      writesPerSecond: Math.min(Number(values.writes ?? 5), 20),
    });
  } else {
    await runThroughput(targets, Math.min(Number(values.connections), 200));
  }
} finally {
  await server.stop();
}

function load(url, connections) {
  const { origin, pathname, search } = new URL(url);
  return wrk(origin, [pathname + search], { connections, seconds, warmup: 2 });
}

async function runThroughput(targets, connections) {
  const html = Buffer.from(await (await fetch(server.base + targets.article)).arrayBuffer());
  console.log(
    `${seconds}s per target after a 2 s warm-up, ${connections} connections (wrk), demo data, page cache on\n`,
  );
  const row = (name, r, bare) =>
    console.log(
      name.padEnd(36),
      r.rps.toFixed(0).padStart(8),
      r.p50.toFixed(1).padStart(7),
      r.p99.toFixed(1).padStart(7),
      String(r.errors).padStart(7),
      (bare ? `${((100 * r.rps) / bare.rps).toFixed(0)} %` : '').padStart(10),
    );
  console.log(
    'target'.padEnd(36),
    'req/s'.padStart(8),
    'p50 ms'.padStart(7),
    'p99 ms'.padStart(7),
    'errors'.padStart(7),
    'of bare'.padStart(10),
  );
  const results = {};
  for (const [name, url] of Object.entries(targets)) {
    results[name] = await load(server.base + url, connections);
  }
  const bare = await startBare({ '*': { body: html } });
  let baseline;
  try {
    baseline = await load(bare.base, connections);
  } finally {
    await bare.stop();
  }
  row('home page', results.home, baseline);
  row('article page', results.article, baseline);
  row('list API (/api/v1/u/get page 1)', results.list, baseline);
  row(`bare node http, same article HTML (${html.length} B)`, baseline);
  console.log('\n"of bare": req/s as a share of the bare server\'s (the goal is at least 50 %).');
}
