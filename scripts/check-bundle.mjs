#!/usr/bin/env node
/**
 * npm run check:bundle — the public pages' first-load JavaScript, checked against its budget.
 * Runs after the web build (part of `npm run build`); exits non-zero when a public page would
 * load more than its budget, or any admin, sign-in or editor code.
 *
 * It reads Vite's manifest and .vite/chunk-modules.json (written by the build), walks the static
 * imports of each public page's entry (plus the chunks the page loads before hydrating, and
 * every modulepreload of index.html), and sums their brotli size: what the server sends, since
 * it serves the precompressed .br files.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { firstLoadOf, forbiddenIn } from './bundle-graph.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const clientDir = path.join(root, 'apps/web/dist/client');

/** Modules no public page may load: the back office, the sign-in screens and their libraries. */
const ADMIN_CODE = [
  /^src\/admin\//,
  /^src\/auth\//,
  /node_modules\/quill\//,
  /node_modules\/sonner\//,
  /node_modules\/react-hook-form\//,
  /node_modules\/@hookform\//,
];
/** What the pages other than contact never need at first load (the form and its schema). */
const FORM_CODE = [/node_modules\/zod\//, /node_modules\/dompurify\//];

/** Public pages: the chunks each loads before it is interactive, and its budget in KB. */
const PAGES = [
  {
    name: 'home, lists, article, about',
    entries: ['index.html'],
    budgetKb: 90,
    forbidden: [...ADMIN_CODE, ...FORM_CODE],
  },
  {
    name: 'contact',
    entries: ['index.html', 'src/public/contact/ContactPage.tsx'],
    budgetKb: 90,
    forbidden: ADMIN_CODE,
  },
];

function readJson(file) {
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first`);
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** The scripts index.html loads or preloads by itself (Vite adds modulepreload links). */
function htmlScripts() {
  const html = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const found = [...html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="\/([^"]+\.js)"/g)];
  return found.map((match) => match[1]);
}

function sizes(file) {
  const content = readFileSync(path.join(clientDir, file));
  const brotli = brotliCompressSync(content, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
  }).length;
  return { raw: content.length, brotli, gzip: gzipSync(content, { level: 9 }).length };
}

const kb = (bytes) => (bytes / 1024).toFixed(1).padStart(6);

function main() {
  const manifest = readJson(path.join(clientDir, '.vite/manifest.json'));
  const chunkModules = readJson(path.join(clientDir, '.vite/chunk-modules.json'));
  const preloaded = htmlScripts();
  const failures = [];
  console.log('First-load JavaScript of the public pages (as sent: brotli; gzip for reference)');
  for (const page of PAGES) {
    const files = [...new Set([...firstLoadOf(manifest, page.entries), ...preloaded])];
    let total = 0;
    console.log(`\n${page.name} (budget ${page.budgetKb} KB):`);
    for (const file of files) {
      const size = sizes(file);
      total += size.brotli;
      console.log(`  ${kb(size.brotli)} KB br ${kb(size.gzip)} KB gz ${kb(size.raw)} KB  ${file}`);
    }
    console.log(`  ${kb(total)} KB in all`);
    if (total > page.budgetKb * 1024) {
      failures.push(`${page.name}: ${kb(total).trim()} KB is over its ${page.budgetKb} KB budget`);
    }
    for (const { file, module } of forbiddenIn(files, chunkModules, page.forbidden)) {
      failures.push(`${page.name}: ${file} carries ${module}, which a public page must not load`);
    }
  }
  if (failures.length > 0) {
    console.error(`\nThe public bundle check failed:\n- ${failures.join('\n- ')}`);
    console.error('Load such code with import() where it is needed (see docs/decisions/075).');
    process.exitCode = 1;
  } else {
    console.log('\nEvery public page is within its budget and loads no admin code.');
  }
}

main();
