import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { freePort, waitForPort } from './ports.ts';

/** Why a private Redis cannot be started here, or null when it can. */
export function redisMissing(): string | null {
  const found = spawnSync('redis-server', ['--version'], { stdio: 'ignore' });
  return found.error || found.status !== 0 ? 'redis-server is not installed' : null;
}

/** A redis-server of the test's own on a random port, without persistence. */
export class PrivateRedis {
  private child: ChildProcess | null = null;

  private constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  static async create(): Promise<PrivateRedis> {
    const redis = new PrivateRedis(await freePort());
    await redis.start();
    return redis;
  }

  async start(): Promise<void> {
    const args = ['--port', String(this.port), '--bind', '127.0.0.1', '--save', ''];
    this.child = spawn('redis-server', [...args, '--appendonly', 'no'], { stdio: 'ignore' });
    await waitForPort(this.port, 10_000);
  }

  /** Ends the server (SIGTERM, as a service manager's restart does) and waits for its exit. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    this.child = null;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;
  }
}
