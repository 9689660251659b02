import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './ports.ts';

const run = promisify(execFile);
const PG_ROOT = '/usr/lib/postgresql';

/** The newest installed PostgreSQL's bin folder with initdb and pg_ctl, or null. */
export function postgresBinDir(): string | null {
  if (!existsSync(PG_ROOT)) return null;
  const versions = readdirSync(PG_ROOT)
    .filter((v) => existsSync(path.join(PG_ROOT, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(PG_ROOT, versions[0], 'bin') : null;
}

/** Why a private PostgreSQL cannot be started here, or null when it can. */
export function postgresMissing(): string | null {
  const bin = postgresBinDir();
  if (!bin || !existsSync(path.join(bin, 'initdb'))) return `no initdb/pg_ctl under ${PG_ROOT}`;
  if (process.getuid?.() === 0 && !existsSync('/usr/sbin/runuser') && !existsSync('/sbin/runuser'))
    return 'running as root without runuser to drop to the postgres user';
  return null;
}

/**
 * A PostgreSQL server of the test's own: its own data folder in a temp directory, a random
 * port on 127.0.0.1 and its socket in that directory, so stopping it touches nobody else's.
 * PostgreSQL refuses to run as root, so as root every command runs as the postgres user.
 */
export class PrivatePostgres {
  private constructor(
    readonly dir: string,
    readonly port: number,
    private readonly bin: string,
  ) {}

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  static async create(): Promise<PrivatePostgres> {
    const bin = postgresBinDir();
    if (!bin) throw new Error('PostgreSQL binaries not found');
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'newsroom-pg-'));
    const server = new PrivatePostgres(dir, await freePort(), bin);
    if (process.getuid?.() === 0) await run('chown', ['postgres:postgres', dir]);
    await server.pg('initdb', ['-D', server.dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync']);
    await server.start();
    return server;
  }

  private get dataDir(): string {
    return path.join(this.dir, 'data');
  }

  /** Starts the server and returns once it accepts connections. */
  async start(): Promise<void> {
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
    await this.pg(
      'pg_ctl',
      ['-D', this.dataDir, '-l', path.join(this.dir, 'log'), '-o', options].concat([
        '-w',
        '-t',
        '30',
        'start',
      ]),
    );
  }

  /** A fast shutdown: open sessions are terminated, as in `pg_ctl restart -m fast`. */
  async stop(): Promise<void> {
    await this.pg('pg_ctl', ['-D', this.dataDir, '-m', 'fast', '-w', 'stop']);
  }

  async destroy(): Promise<void> {
    await this.stop().catch(() => {});
    await fs.rm(this.dir, { recursive: true, force: true });
  }

  private async pg(command: string, args: string[]): Promise<void> {
    const file = path.join(this.bin, command);
    const [cmd, argv] =
      process.getuid?.() === 0
        ? ['runuser', ['-u', 'postgres', '--', file, ...args]]
        : [file, args];
    await run(cmd, argv, { cwd: this.dir, timeout: 60_000 });
  }
}
