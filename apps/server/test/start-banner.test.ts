import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from './ports.ts';
import { SERVER_DIR, ServerProcess, serverEnv } from './server-process.ts';

// Each test starts a server process on a database of its own (SQLite in a temp folder), so
// they run once, in the SQLite pass.
const noScript = spawnSync('script', ['--version'], { stdio: 'ignore' }).status !== 0;
const skipReason = process.env.DATABASE_URL
  ? 'runs only in the SQLite pass'
  : noScript
    ? 'util-linux script (a pseudo-terminal) is not installed'
    : null;

const BANNER_END = /Admin sign-up code: +(\d+)/;
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => fs.rm(d, { recursive: true, force: true })));
});

async function dataDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'newsroom-banner-'));
  dirs.push(dir);
  return dir;
}

/** Waits until the output matches, failing with the output so far after 60 s. */
async function waitFor(read: () => string, pattern: RegExp): Promise<RegExpMatchArray> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const match = read().match(pattern);
    if (match) return match;
    if (Date.now() > deadline) throw new Error(`no ${pattern} in:\n${read()}`);
    await sleep(100);
  }
}

/** `npm start` in a terminal: the server under a pseudo-terminal, as a person would see it. */
function startInTerminal(vars: Record<string, string>) {
  const command = `${process.execPath} --import tsx src/main.ts`;
  const child: ChildProcess = spawn('script', ['-qfc', command, '/dev/null'], {
    cwd: SERVER_DIR,
    env: serverEnv({ ...vars, TERM: 'xterm' }),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return {
    read: () => output,
    /** Ctrl-C, as typed at the terminal: the server shuts down by itself. */
    async interrupt() {
      const exited = once(child, 'exit');
      child.stdin?.write('\x03');
      await exited;
    },
  };
}

describe.skipIf(skipReason)(`start banner${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  // A first start seeds the demo content, whose pictures are encoded in every variant
  // (decision 083): seconds of CPU on two shared cores, so this test may take longer than most.
  it(
    'prints readable logs and a banner with the site, sign-in and fresh credentials',
    {
      timeout: 60_000,
    },
    async () => {
      const port = await freePort();
      const dir = await dataDir();
      const server = startInTerminal({ PORT: String(port), DATA_DIR: dir, SEED_DEMO: '1' });
      try {
        const [, code] = await waitFor(server.read, BANNER_END);
        const output = server.read();
        const site = `http://127.0.0.1:${port}`;
        expect(output).toContain(`The site:             ${site}/`);
        expect(output).toContain(`Admins sign in at:    ${site}/login`);
        expect(output).toContain('Demo admin e-mail:    admin@newsroom.local');
        const password = output.match(/Demo admin password: +(\S+)/)?.[1];
        expect(code).toBe((await fs.readFile(path.join(dir, 'admin-signup-code'), 'utf8')).trim());
        // Log lines read as words with a level, not JSON objects.
        expect(output).toMatch(/INFO.*Server listening at/);
        expect(output).not.toMatch(/^\{"level"/m);

        const login = await fetch(`${site}/api/v1/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'admin@newsroom.local', password }),
        });
        expect(login.status).toBe(200);
      } finally {
        await server.interrupt();
      }
    },
  );

  it('writes JSON log lines when not in a terminal, and no credentials it did not create', async () => {
    const server = await ServerProcess.start({
      DATA_DIR: await dataDir(),
      SEED_DEMO: '0',
      ADMIN_SIGNUP_CODE: 'given-by-the-operator',
    });
    try {
      await waitFor(() => server.output, /Admins sign in at: +http:\/\/127\.0\.0\.1:\d+\/login/);
      const logLines = server.output.split('\n').filter((line) => line.startsWith('{'));
      expect(
        logLines.map((line) => JSON.parse(line) as { msg: string }).map((l) => l.msg),
      ).toContain(`Server listening at ${server.baseUrl}`);
      expect(server.output).toContain('Newsroom is running.');
      expect(server.output).not.toContain('Demo admin');
      expect(server.output).not.toContain('given-by-the-operator');
    } finally {
      await server.stop();
    }
  });
});
