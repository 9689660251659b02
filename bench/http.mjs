// Load benchmark of the reader-facing endpoints against the built server.
// Starts `node apps/server/dist/main.js` on a free 127.0.0.1 port with a fresh data folder and
// the demo content, then runs autocannon against each target for a bounded time and prints
// requests per second and latency percentiles. Usage: npm run bench [-- --seconds 5 --connections 10]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
  },
});
const seconds = Math.min(Number(values.seconds), 30);
const connections = Math.min(Number(values.connections), 50);

const port = await freePort();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'newsroom-bench-'));
const server = spawn('node', ['apps/server/dist/main.js'], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: '1',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;

try {
  await waitFor(`${base}/health`);
  const list = await (await fetch(`${base}/api/v1/u/get?page=1&limit=6`)).json();
  const slug = list.data[0].slug;
  const category = list.data[0].category.name;
  const targets = [
    ['public list (page 1)', '/api/v1/u/get?page=1&limit=6'],
    [
      'public list by category',
      `/api/v1/u/get?category=${encodeURIComponent(category)}&page=1&limit=6`,
    ],
    ['category list', '/api/v1/u/category-list'],
    ['article (counts a view)', `/api/v1/u/news/${slug}`],
    [
      'related news',
      `/api/v1/u/related-news?category=${encodeURIComponent(category)}&exclude=${slug}`,
    ],
    ['home page (server-rendered)', '/'],
    ['article page (server-rendered)', `/news/${slug}`],
  ];
  console.log(`${seconds}s per target, ${connections} connections, demo data\n`);
  console.log(
    'target'.padEnd(32),
    'req/s'.padStart(9),
    'p50 ms'.padStart(8),
    'p99 ms'.padStart(8),
    'errors'.padStart(7),
  );
  for (const [name, url] of targets) {
    const result = await autocannon({ url: base + url, connections, duration: seconds });
    const errors = result.errors + result.non2xx;
    console.log(
      name.padEnd(32),
      result.requests.average.toFixed(0).padStart(9),
      String(result.latency.p50).padStart(8),
      String(result.latency.p99).padStart(8),
      String(errors).padStart(7),
    );
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port: p } = s.address();
      s.close(() => resolve(p));
    });
  });
}

async function waitFor(url) {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`server did not start: ${url}`);
}
