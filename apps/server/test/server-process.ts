import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './ports.ts';

/** apps/server, where `node --import tsx src/main.ts` runs the server from source. */
export const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The environment a server process gets: the given variables and nothing of the test's own. */
export function serverEnv(vars: Record<string, string>): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: process.env.HOME, HOST: '127.0.0.1', ...vars };
}

/**
 * The real server as its own process (`src/main.ts` through tsx, so no build is needed), on a
 * random port of 127.0.0.1. Its output is kept for assertions and for failure messages.
 */
export class ServerProcess {
  output = '';

  private constructor(
    private readonly child: ChildProcess,
    readonly baseUrl: string,
  ) {
    child.stdout?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
  }

  /** Starts the server and resolves once GET /-/health answers (whatever the status). */
  static async start(vars: Record<string, string>): Promise<ServerProcess> {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: SERVER_DIR,
      env: serverEnv({ ...vars, PORT: String(port) }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const server = new ServerProcess(child, `http://127.0.0.1:${port}`);
    const deadline = Date.now() + 60_000;
    while (!(await server.answers())) {
      if (!server.alive) throw new Error(`The server exited at start:\n${server.output}`);
      if (Date.now() > deadline) {
        await server.stop();
        throw new Error(`The server did not answer within 60 s:\n${server.output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return server;
  }

  /** The process id: the same one before and after an outage means no restart happened. */
  get pid(): number | undefined {
    return this.child.pid;
  }

  get alive(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Ends the process at once, as `kill -9` does: nothing it had under way is finished. */
  async kill(): Promise<void> {
    if (!this.alive) return;
    const exited = once(this.child, 'exit');
    this.child.kill('SIGKILL');
    await exited;
  }

  async stop(): Promise<void> {
    if (!this.alive) return;
    const exited = once(this.child, 'exit');
    this.child.kill('SIGTERM');
    await exited;
  }

  private async answers(): Promise<boolean> {
    try {
      await fetch(`${this.baseUrl}/-/health`, { signal: AbortSignal.timeout(2000) });
      return true;
    } catch {
      return false;
    }
  }
}
