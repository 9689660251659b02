// Starting and stopping the built server (and the bare baseline) for the benchmarks.
import { fork, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Linux's clock ticks a second, in which /proc reports a process's CPU time. */
const CLOCK_TICKS = 100;

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function waitFor(url) {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not start: ${url}`);
}

/**
 * Node's flags and the server's file as `npm run serve` starts it (the root package.json's
 * script), so benchmarks measure the server exactly as it is served (decision 087).
 */
export function serveArgs() {
  const root = path.join(import.meta.dirname, '..');
  const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const [command, ...args] = scripts.serve.split(/\s+/);
  if (command !== 'node') throw new Error(`npm run serve does not start node: ${scripts.serve}`);
  return args.map((arg) => (arg.endsWith('.js') ? path.join(root, arg) : arg));
}

/**
 * Stops `child` when the benchmark's process exits, whatever ends it (a thrown error included), so
 * that a failed run leaves no server behind to load the next one. Returns the undoing.
 */
function stopWithUs(child) {
  const stop = () => child.kill('SIGTERM');
  process.once('exit', stop);
  return () => process.off('exit', stop);
}

/** BENCH_CPU_PROFILE=DIR writes a V8 CPU profile of the server there when it stops. */
const profiling = () =>
  process.env.BENCH_CPU_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`]
    : [];

/**
 * The built server on a free port with a fresh data folder and the demo content, or what
 * `prepare(dataDir)` put there before it starts (the demo is seeded only into an empty database).
 */
export async function startServer(env = {}, { prepare } = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'newsroom-bench-'));
  await prepare?.(dataDir);
  const settings = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: '1',
    LOG_LEVEL: 'warn',
    ...env,
  };
  const child = spawn(process.execPath, [...profiling(), ...serveArgs()], {
    env: settings,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const forget = stopWithUs(child);
  /** Lines the server writes on SIGUSR2, each waited for by `stats`. */
  const statsWaiting = [];
  let out = '';
  child.stdout.on('data', (chunk) => {
    out += chunk;
    for (let end = out.indexOf('\n'); end >= 0; end = out.indexOf('\n')) {
      const line = out.slice(0, end);
      out = out.slice(end + 1);
      if (line.startsWith('public-cache ')) statsWaiting.shift()?.(JSON.parse(line.slice(13)));
    }
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/-/health`);
  return {
    base,
    pid: child.pid,
    /** The server process's CPU time so far in seconds, user and system (Linux's /proc). */
    cpuSeconds() {
      const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8');
      // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
    },
    /** What the public cache did since start (the server's SIGUSR2 line; docs/operations.md). */
    stats() {
      const line = new Promise((resolve) => statsWaiting.push(resolve));
      child.kill('SIGUSR2');
      return line;
    },
    /** A verified admin made with the CLI, signed in: its bearer header. */
    async adminHeaders() {
      const email = 'bench-admin@example.com';
      const password = 'bench-password-1';
      spawnSync(
        'node',
        ['apps/server/dist/cli/admin-create.js', '--email', email, '--password', password],
        {
          env: settings,
          stdio: 'ignore',
        },
      );
      const login = await fetch(`${base}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      const body = await login.json();
      if (!login.ok) throw new Error(`bench admin login: ${body.message}`);
      return { authorization: `Bearer ${body.data.accessToken}` };
    },
    async stop() {
      forget();
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * bench/bare-server.mjs answering from memory: `answers` maps a path (or "*") to
 * { body, encoding? }, the bytes to send and their content-encoding.
 */
export async function startBare(answers) {
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'newsroom-bare-'));
  const manifest = {};
  Object.entries(answers).forEach(([at, { body, encoding }], n) => {
    const file = path.join(dir, `answer-${n}`);
    writeFileSync(file, body);
    manifest[at] = { file, encoding };
  });
  const manifestFile = path.join(dir, 'manifest.json');
  writeFileSync(manifestFile, JSON.stringify(manifest));
  const child = fork(
    path.join(import.meta.dirname, 'bare-server.mjs'),
    [manifestFile, String(port)],
    { stdio: 'ignore' },
  );
  const forget = stopWithUs(child);
  await new Promise((resolve) => child.once('message', resolve));
  return {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid,
    async stop() {
      forget();
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
