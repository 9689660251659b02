#!/usr/bin/env node
/**
 * npm run lighthouse — Lighthouse (mobile) on the built site's home and an article page.
 *
 * Builds nothing: run `npm run build` first. Starts the built server on a free 127.0.0.1 port
 * with a temporary DATA_DIR and the demo content, audits with Debian's Chromium, prints the four
 * category scores per page (and the audits that cost points), then stops everything it started.
 * Options: --chrome=/path/to/chromium, --keep-reports (JSON reports stay in the temp folder).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { serveArgs } from '../bench/server-process.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, '').split('=');
    return [key, value ?? 'true'];
  }),
);
const chromePath = args.get('chrome') ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(base, server) {
  for (let attempt = 0; attempt < 240; attempt += 1) {
    if (server.exitCode !== null) throw new Error(`The server exited (${server.exitCode})`);
    try {
      if ((await fetch(`${base}/-/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('The server did not become healthy within 2 minutes');
}

function pointsLost(lhr, category) {
  return lhr.categories[category].auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
    .filter(({ audit }) => audit.score !== null && audit.score < 1)
    .map(
      ({ audit }) =>
        `      - ${audit.id} (${audit.score})${audit.displayValue ? `: ${audit.displayValue}` : ''}`,
    );
}

async function main() {
  for (const file of ['apps/server/dist/main.js', 'apps/web/dist/client/index.html']) {
    if (!existsSync(path.join(root, file))) {
      throw new Error(`${file} is missing: run \`npm run build\` first`);
    }
  }
  if (!existsSync(chromePath)) throw new Error(`No Chromium at ${chromePath} (use --chrome=…)`);

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'newsroom-lighthouse-'));
  const server = spawn(process.execPath, serveArgs(), {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: '1',
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let chrome;
  try {
    console.log(`Server: ${base} (data in ${dataDir})`);
    await waitForHealth(base, server);
    const list = await (await fetch(`${base}/api/v1/u/get?page=1&limit=1`)).json();
    const slug = list.data[0]?.slug;
    if (!slug) throw new Error('The demo data has no article');
    const pages = [
      ['home', `${base}/`],
      ['article', `${base}/news/${slug}`],
    ];

    chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS });
    const rows = [];
    for (const [name, url] of pages) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      const { lhr } = result;
      if (args.has('keep-reports')) {
        const file = path.join(dataDir, `lighthouse-${name}.json`);
        writeFileSync(file, JSON.stringify(lhr, null, 2));
        console.log(`Report: ${file}`);
      }
      // A category Lighthouse could not score (its run failed) is null: shown as such, not as 0.
      const scores = Object.fromEntries(
        CATEGORIES.map((category) => {
          const { score } = lhr.categories[category];
          return [category, score === null ? 'not scored' : Math.round(score * 100)];
        }),
      );
      rows.push({ page: name, ...scores });
      console.log(`\n${name} (${url}), mobile:`);
      if (lhr.runtimeError)
        console.log(`  Lighthouse failed: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      const warnings = lhr.runWarnings ?? [];
      if (warnings.length > 0) console.log(`  Lighthouse warned: ${warnings.join(' | ')}`);
      for (const category of CATEGORIES) {
        console.log(`  ${category.padEnd(15)} ${String(scores[category]).padStart(3)}`);
        if (scores[category] === 'not scored') continue;
        const lost = pointsLost(lhr, category);
        if (lost.length > 0) console.log(lost.join('\n'));
      }
    }
    console.log('\nScores (mobile):');
    console.table(rows);
  } finally {
    if (chrome) await chrome.kill();
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve).unref());
    if (!args.has('keep-reports')) rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
