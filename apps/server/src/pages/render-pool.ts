import os from 'node:os';
import { Piscina } from 'piscina';
import type { NewsDto, PageSlot } from '@newsroom/contract';
import type { Clock } from '../domain/clock.ts';
import { childModule } from '../process/child-module.ts';
import type { StoredFragment } from '../cache/joined-page.ts';
import type { PageInPieces, RenderedPage } from './page-render.ts';
import type { RenderTask, RenderWorkerData } from './render-worker.ts';

/**
 * Render threads: one per core but the one the site's thread serves readers on, at most four.
 * Each renders a few pages at a time, so that a page waiting for its reads (PostgreSQL) does not
 * hold up the next.
 */
const THREADS = Math.max(1, Math.min(4, os.availableParallelism() - 1));
const TASKS_PER_THREAD = 4;
/** A started thread stays (setTimeout's longest delay): starting one costs a render's worth. */
const IDLE_MS = 2 ** 31 - 1;

/**
 * Where pages and shared parts are rendered: in worker threads beside the site's (decision 133),
 * started at the first render, each reading through the services on a read-only connection.
 */
export class RenderPool {
  private pool: Piscina | null = null;
  private closed = false;

  constructor(
    private readonly data: Omit<RenderWorkerData, 'distDir'> & { clock: Clock },
    private readonly distDir: string,
  ) {}

  /** The page at `url` in its pieces, compressed in the worker. */
  page(url: string, gone: boolean): Promise<PageInPieces> {
    return this.run({ kind: 'page', url, gone, now: this.data.clock.now().getTime() });
  }

  /** The article page of `article`'s fields as given, whether or not readers may see it. */
  article(article: NewsDto): Promise<RenderedPage> {
    return this.run({ kind: 'article', article, now: this.data.clock.now().getTime() });
  }

  /** The shared part `slot` names, in its variants, compressed in the worker. */
  shared(slot: PageSlot): Promise<StoredFragment> {
    return this.run({ kind: 'shared', slot, now: this.data.clock.now().getTime() });
  }

  /** Lets the renders under way finish (a thread's answer after a destroy would find no task). */
  async close(): Promise<void> {
    this.closed = true;
    const pool = this.pool;
    this.pool = null;
    await pool?.close();
  }

  private run<T>(task: RenderTask): Promise<T> {
    if (this.closed) return Promise.reject(new Error('the render pool is closed'));
    this.pool ??= this.start();
    return this.pool.run(task) as Promise<T>;
  }

  private start(): Piscina {
    const { modulePath, execArgv } = childModule(import.meta.url, 'render-worker');
    const workerData: RenderWorkerData = {
      config: this.data.config,
      distDir: this.distDir,
      storage: this.data.storage,
    };
    return new Piscina({
      filename: modulePath,
      execArgv,
      workerData,
      minThreads: 0,
      maxThreads: THREADS,
      concurrentTasksPerWorker: TASKS_PER_THREAD,
      idleTimeout: IDLE_MS,
    });
  }
}
