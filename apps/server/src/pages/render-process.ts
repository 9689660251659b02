import { fork, type ChildProcess } from 'node:child_process';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/env.ts';
import type { Clock } from '../domain/clock.ts';
import { childModule, stopChild } from '../process/child-module.ts';
import type { PageJob, PageRenderer, RenderedPage } from './page-render.ts';
import type { FromRenderProcess, ToRenderProcess } from './render-protocol.ts';

/** After this many deaths in a row (no page answered in between) a process is not started again. */
const MAX_DEATHS_IN_A_ROW = 5;
/** A page not answered in this time means a stuck process: it is killed and started again. */
const RENDER_TIMEOUT_MS = 30_000;

/** The renderer failed on a page (the same failure on this thread would be the same page's). */
export class RenderFailed extends Error {}

/** The process ended or was not ready: the page is rendered elsewhere. */
class ProcessUnavailable extends Error {}

interface Waiting {
  resolve(page: RenderedPage): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

export interface RenderProcessOptions {
  config: Config;
  clock: Clock;
  log: FastifyBaseLogger;
}

/**
 * One render process (render-worker.ts): started at once, answering pages once it is ready,
 * several at a time. A process that dies fails its pages over to the caller and is started
 * again, up to a bound.
 */
class RenderProcess {
  private child: ChildProcess | undefined;
  private ready = false;
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 1;
  private deathsInARow = 0;
  private stopped = false;

  constructor(
    private readonly options: RenderProcessOptions,
    /** The built web app the process renders with (web-dist.ts). */
    private readonly distDir: string,
  ) {
    this.start();
  }

  /** Pages under way; null when the process cannot take one now. */
  get load(): number | null {
    return this.ready ? this.waiting.size : null;
  }

  /** The process's id while it runs (for the tests). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  render(job: PageJob): Promise<RenderedPage> {
    const child = this.child;
    if (!child || !this.ready) return Promise.reject(new ProcessUnavailable('not ready'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.options.log.error({ url: job.url }, 'a page took the render process too long');
        child.kill('SIGKILL');
      }, RENDER_TIMEOUT_MS);
      this.waiting.set(id, { resolve, reject, timer });
      const now = this.options.clock.now().getTime();
      this.send(child, { type: 'render', id, job, now });
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.child) await stopChild(this.child);
  }

  private start(): void {
    const { modulePath, execArgv } = childModule(import.meta.url, 'render-worker');
    const child = fork(modulePath, [], {
      execArgv,
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.child = child;
    child.on('message', (message: FromRenderProcess) => this.answered(message));
    child.on('exit', (code, signal) => this.exited(child, code ?? signal ?? 'unknown'));
    child.on('error', (error) => this.options.log.warn({ err: error }, 'render process error'));
    this.send(child, { type: 'open', config: this.options.config, distDir: this.distDir });
  }

  private send(child: ChildProcess, message: ToRenderProcess): void {
    child.send(message, (error) => {
      if (error) this.options.log.warn({ err: error }, 'could not reach the render process');
    });
  }

  private answered(message: FromRenderProcess): void {
    if (message.type === 'ready') {
      this.ready = true;
      return;
    }
    const waiting = this.waiting.get(message.id);
    if (!waiting) return;
    this.waiting.delete(message.id);
    clearTimeout(waiting.timer);
    this.deathsInARow = 0;
    if (message.type === 'rendered') waiting.resolve(message.page);
    else waiting.reject(new RenderFailed(message.reason));
  }

  private exited(child: ChildProcess, how: number | string): void {
    if (this.child !== child) return;
    this.child = undefined;
    this.ready = false;
    for (const waiting of this.waiting.values()) {
      clearTimeout(waiting.timer);
      waiting.reject(new ProcessUnavailable(`the render process ended (${how})`));
    }
    this.waiting.clear();
    if (this.stopped) return;
    this.deathsInARow += 1;
    const restarts = this.deathsInARow < MAX_DEATHS_IN_A_ROW;
    this.options.log[restarts ? 'warn' : 'error'](
      `The render process ended (${how}); ${restarts ? 'it starts again, and pages render here meanwhile' : 'pages render in the main process until the next start'}`,
    );
    if (restarts) this.start();
  }
}

/**
 * Renders public pages in processes of their own (decision 079), so a page's reads and React's
 * work never hold up the main thread, which answers every reader from the page cache. Each page
 * goes to the least busy process that is ready; while none is (at start, after a crash) pages
 * render on the main thread, as with RENDER_PROCESSES=0.
 */
export class RenderProcesses {
  private processes: RenderProcess[] = [];
  /** Pages rendered since start, in a process or here (written on SIGUSR2, main.ts). */
  rendered = 0;

  constructor(
    private readonly count: number,
    private readonly options: RenderProcessOptions,
  ) {}

  /**
   * Starts the processes on the built web app in `distDir`, and gives the renderer the site's
   * pages use: theirs, falling back to `here` (the main thread's), or `here` alone when the
   * configuration asks for no process.
   */
  serve(distDir: string, here: PageRenderer): PageRenderer {
    const counted = (renderer: PageRenderer): PageRenderer => ({
      render: (job) => {
        this.rendered += 1;
        return renderer.render(job);
      },
    });
    if (this.count === 0) return counted(here);
    this.processes = Array.from(
      { length: this.count },
      () => new RenderProcess(this.options, distDir),
    );
    return counted({ render: (job) => this.render(job, here) });
  }

  /** The ids of the processes running now (for the tests). */
  get pids(): number[] {
    return this.processes.flatMap((one) => (one.pid === undefined ? [] : [one.pid]));
  }

  /** True once there are processes and every one is ready for pages. */
  get ready(): boolean {
    return this.processes.length > 0 && this.processes.every((one) => one.load !== null);
  }

  async stop(): Promise<void> {
    await Promise.all(this.processes.map((one) => one.stop()));
  }

  private async render(job: PageJob, here: PageRenderer): Promise<RenderedPage> {
    const chosen = this.leastBusy();
    if (!chosen) return here.render(job);
    try {
      return await chosen.render(job);
    } catch (error) {
      if (error instanceof ProcessUnavailable) return here.render(job);
      throw error;
    }
  }

  private leastBusy(): RenderProcess | undefined {
    let best: RenderProcess | undefined;
    for (const one of this.processes) {
      const load = one.load;
      if (load !== null && (best === undefined || load < (best.load ?? Infinity))) best = one;
    }
    return best;
  }
}
