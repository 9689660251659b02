/**
 * Counts kept in memory and written once per interval (and on close), one write at a time, so
 * nothing counted is written twice and a read never waits for a write (decision 071). Article
 * views (`view-buffer.ts`) and the daily totals of views (`analytics/daily-views.ts`) are both
 * written so.
 */
export abstract class IntervalWriter {
  private timer: NodeJS.Timeout | null = null;
  private flight: Promise<void> | null = null;

  protected constructor(private readonly intervalMs: number) {}

  start(): void {
    this.timer ??= setInterval(() => void this.flush(), this.intervalMs);
    this.timer.unref();
  }

  /** Writes what is pending; one write at a time, so counts are never added twice. */
  flush(): Promise<void> {
    this.flight ??= this.write().finally(() => {
      this.flight = null;
    });
    return this.flight;
  }

  /** Stops the timer and writes the last counts (graceful shutdown). */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
    if (this.hasPending()) await this.flush();
  }

  /** Writes what was counted since the last write; what fails is kept for the next. */
  protected abstract write(): Promise<void>;

  /** Whether anything counted is not written yet. */
  protected abstract hasPending(): boolean;
}
