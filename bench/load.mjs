// The load generator of `npm run bench`: wrk (Debian's `wrk` package), a C client that costs the
// machine a small fraction of what the server under test does, run as one thread, so the figures
// are the server's and not the client's (docs/decisions/077). bench/readers.lua sends each
// request to the next of the paths in turn and reports the figures read here.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';

const SCRIPT = path.join(import.meta.dirname, 'readers.lua');

/** Whether wrk is on the PATH; the benchmarks refuse to run without it. */
export function requireWrk() {
  const found = spawnSync('wrk', ['--version'], { encoding: 'utf8' });
  if (found.error) {
    console.error(
      'npm run bench needs wrk, the HTTP load generator: apt-get install wrk (docs/decisions/077)',
    );
    process.exit(1);
  }
}

/** The figures bench/readers.lua prints after its `figures` line. */
export function parseFigures(output) {
  const lines = output.slice(output.indexOf('figures\n')).split('\n');
  const value = (name) => {
    const line = lines.find((l) => l.startsWith(`${name} `));
    if (!line) throw new Error(`wrk printed no ${name}:\n${output}`);
    return line.slice(name.length + 1);
  };
  const answered = Number(value('answered'));
  const seconds = Number(value('duration_us')) / 1e6;
  const sent = value('sent').split(' ').map(Number);
  return {
    rps: answered / seconds,
    mean: Number(value('mean_us')) / 1000,
    p50: Number(value('p50_us')) / 1000,
    p99: Number(value('p99_us')) / 1000,
    max: Number(value('max_us')) / 1000,
    errors: Number(value('socket_errors')) + Number(value('status_errors')),
    answered,
    /** Requests sent to each path, in the order given. */
    sent,
    /** Sent but cut off unanswered when the run ended (at most one per connection). */
    unanswered: sent.reduce((sum, n) => sum + n, 0) - answered,
  };
}

/**
 * `connections` keep-alive connections requesting `paths` of `base` in turn, back to back, for
 * `seconds`, after an uncounted warm-up of `warmup` seconds at the same concurrency (a server's
 * first seconds, new connections and code not yet optimised, are unlike the rest, a bare one's
 * too).
 */
export async function load(base, paths, { connections, seconds, headers = {}, warmup = 0 }) {
  const args = (duration) => [
    '-t1',
    `-c${connections}`,
    `-d${duration}s`,
    '--timeout',
    '10s',
    '-s',
    SCRIPT,
    ...Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]),
    base,
    '--',
    ...paths,
  ];
  if (warmup > 0) await run(args(warmup));
  return parseFigures(await run(args(seconds)));
}

function run(args) {
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`wrk exited with ${code}:\n${output}`)),
    );
  });
}
