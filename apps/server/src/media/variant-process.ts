import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { childModule, stopChild } from '../process/child-module.ts';
import type { StorageSettings } from '../storage/open-storage.ts';
import type { FromVariantProcess, ToVariantProcess, VariantJob } from './variant-protocol.ts';

/** After this many deaths in a row (no job answered in between) the process is not started again. */
const MAX_DEATHS_IN_A_ROW = 5;

interface Waiting {
  job: VariantJob;
  resolve(madeKey: string): void;
  reject(error: Error): void;
}

/**
 * The child process that makes variants (variant-worker.ts), forked when the first job comes and
 * lowered to the lowest CPU priority, so readers and writes get the CPU first. One job at a time.
 * A process that dies fails its job and is started again for the next one, up to a bound.
 */
export class VariantProcess {
  private child: ChildProcess | undefined;
  private waiting: Waiting | undefined;
  private deathsInARow = 0;
  private stopped = false;

  constructor(
    private readonly storage: StorageSettings,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Makes one picture's variants; resolves with the key it was stored under with them. */
  make(job: VariantJob): Promise<string> {
    if (this.waiting)
      return Promise.reject(new Error('the variant process takes one job at a time'));
    const child = this.running();
    return new Promise((resolve, reject) => {
      this.waiting = { job, resolve, reject };
      this.send(child, { type: 'make', job });
    });
  }

  /** The process's id while it runs (for its priority and the tests). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Ends the process; a job under way fails and stays pending for the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.child) await stopChild(this.child);
  }

  private running(): ChildProcess {
    if (this.child) return this.child;
    if (this.stopped) throw new Error('the variant process was stopped');
    if (this.deathsInARow >= MAX_DEATHS_IN_A_ROW) {
      throw new Error(`the variant process died ${MAX_DEATHS_IN_A_ROW} times in a row`);
    }
    const { modulePath, execArgv } = childModule(import.meta.url, 'variant-worker');
    const child = fork(modulePath, [], {
      execArgv,
      serialization: 'advanced',
      // One libuv thread, so sharp's work in the child holds at most one core (variant-worker.ts).
      env: { ...process.env, UV_THREADPOOL_SIZE: '1' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.child = child;
    child.on('message', (message: FromVariantProcess) => this.answered(message));
    child.on('exit', (code, signal) => this.exited(child, code ?? signal ?? 'unknown'));
    child.on('error', (error) => this.log.warn({ err: error }, 'variant process error'));
    if (child.pid !== undefined) os.setPriority(child.pid, os.constants.priority.PRIORITY_LOW);
    this.send(child, { type: 'open', storage: this.storage });
    return child;
  }

  private send(child: ChildProcess, message: ToVariantProcess): void {
    child.send(message, (error) => {
      if (error) this.log.warn({ err: error }, 'could not reach the variant process');
    });
  }

  private answered(message: FromVariantProcess): void {
    const waiting = this.waiting;
    if (!waiting || waiting.job.key !== message.job.key) return;
    this.waiting = undefined;
    this.deathsInARow = 0;
    if (message.type === 'made') waiting.resolve(message.madeKey);
    else waiting.reject(new Error(message.reason));
  }

  private exited(child: ChildProcess, how: number | string): void {
    if (this.child === child) this.child = undefined;
    const waiting = this.waiting;
    this.waiting = undefined;
    if (!this.stopped) {
      this.deathsInARow += 1;
      const restarts = this.deathsInARow < MAX_DEATHS_IN_A_ROW;
      this.log[restarts ? 'warn' : 'error'](
        `The variant process ended (${how}); ${restarts ? 'it starts again with the next job' : 'variants wait for the next start'}`,
      );
    }
    waiting?.reject(new Error(`the variant process ended (${how})`));
  }
}
