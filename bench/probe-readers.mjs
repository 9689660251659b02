// Sample readers for `npm run bench -- --mixed` and `--site` (docs/decisions/077), run as a
// process of their own so the benchmark's other work cannot delay them: each keeps one
// connection and asks for the next address every few milliseconds, timing each answer on the
// monotonic clock, until it is sent a message; then it prints the latencies and the answers per
// path (or kind) as JSON on stdout.
// Usage: node bench/probe-readers.mjs BASE READERS PAUSE_MS PATH...
//        node bench/probe-readers.mjs BASE READERS PAUSE_MS @LIST KIND...
// With @LIST, a file of "kind<TAB>path" lines (bench/site.mjs, read again every second for the
// lines its editor appends), followed by the kinds to ask for (as "kind" or wrk's "kind=weight"),
// each reader asks for the kinds in turn, an address of the kind at random, and the latencies and
// answers are kept per kind. An answer counts when its status is below 400.
import { readFileSync } from 'node:fs';
import http from 'node:http';

const [base, readers, pauseMs, ...paths] = process.argv.slice(2);
const listFile = paths[0]?.startsWith('@') ? paths[0].slice(1) : null;
/** Addresses by kind, in the order the kinds first appear (list mode). */
const byKind = new Map();
function readList() {
  byKind.clear();
  for (const line of readFileSync(listFile, 'utf8').split('\n')) {
    const tab = line.indexOf('\t');
    if (tab < 0) continue;
    const kind = line.slice(0, tab);
    if (!byKind.has(kind)) byKind.set(kind, []);
    byKind.get(kind).push(line.slice(tab + 1));
  }
}
/** What the readers ask for in turn: the paths, or (with @LIST) the kinds that follow it. */
const targets = listFile ? paths.slice(1).map((arg) => arg.split('=')[0]) : paths;
if (listFile) readList();
const listTimer = listFile ? setInterval(readList, 1000) : null;
/** The target (its index) and address of the n-th request; a kind without addresses is passed. */
function nth(n) {
  for (let k = n; ; k++) {
    const target = k % targets.length;
    if (!listFile) return { target, address: targets[target] };
    const addresses = byKind.get(targets[target]) ?? [];
    if (addresses.length) {
      return { target, address: addresses[Math.floor(Math.random() * addresses.length)] };
    }
  }
}

const latencies = [];
/** Latencies per target, and answers per target, in the order given. */
const latencyOf = targets.map(() => []);
const answered = targets.map(() => 0);
let errors = 0;
let running = true;
process.on('message', () => (running = false));

function get(agent, path) {
  return new Promise((resolve, reject) => {
    http
      .get(base + path, { agent, headers: { 'accept-encoding': 'br, gzip' } }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode));
      })
      .on('error', reject);
  });
}

async function reader(offset) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  for (let n = offset; running; n++) {
    const { target, address } = nth(n);
    const started = performance.now();
    try {
      const status = await get(agent, address);
      answered[target] += 1;
      if (status < 400) {
        const ms = performance.now() - started;
        latencies.push(ms);
        latencyOf[target].push(ms);
      } else errors += 1;
    } catch {
      errors += 1;
    }
    await new Promise((resolve) => setTimeout(resolve, Number(pauseMs)));
  }
  agent.destroy();
}

process.send?.('ready');
await Promise.all(Array.from({ length: Number(readers) }, (_, i) => reader(i)));
if (listTimer) clearInterval(listTimer);
process.stdout.write(JSON.stringify({ latencies, answered, errors, latencyOf }), () =>
  process.disconnect?.(),
);
