/** What a sweep logs with. */
export interface SweepLogger {
  info(message: string): void;
  warn(details: object, message: string): void;
}

/** Six hours: sweeps remove what is days old; more often would only cost reads. */
export const SWEEP_INTERVAL_MS = 6 * 60 * 60 * 1000;

/**
 * Runs a sweep at start and then every interval, one run at a time, until stopped: uploads no
 * article refers to (media/media-sweep.ts), the revisions of deleted articles past their retention
 * (revisions/retention.ts), the webhook history past its 30 days (webhooks/service.ts). A failed
 * run is logged and tried again at the next interval.
 */
export class PeriodicSweep {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  /** `what`: what it removes, as its log lines say it ("revision(s) of deleted articles"). */
  constructor(
    private readonly what: string,
    private readonly sweep: () => Promise<number>,
    private readonly log: SweepLogger,
    private readonly intervalMs = SWEEP_INTERVAL_MS,
  ) {}

  start(): void {
    this.run();
    // unref: a pending sweep never keeps the process alive on its own.
    this.timer = setInterval(() => this.run(), this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  private run(): void {
    if (this.running) return;
    this.running = this.sweep()
      .then((removed) => {
        if (removed > 0) this.log.info(`sweep removed ${removed} ${this.what}`);
      })
      .catch((error: unknown) => {
        this.log.warn(
          { err: error },
          `sweep of ${this.what} failed; it will run again at the next interval`,
        );
      })
      .finally(() => {
        this.running = undefined;
      });
  }
}
