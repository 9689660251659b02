import type { Clock } from '../src/domain/clock.ts';

/**
 * The application's clock in tests: the machine's time plus an offset the test moves forward, so
 * a test jumps to a publication time instead of waiting for it; or, once stopped, one instant that
 * only the test moves, to read the world exactly then.
 */
export class MovableClock implements Clock {
  private offsetMs = 0;
  private stoppedAt: number | null = null;

  now(): Date {
    return new Date(this.stoppedAt ?? Date.now() + this.offsetMs);
  }

  /** Moves time forward by `ms`. */
  advance(ms: number): void {
    if (this.stoppedAt !== null) this.stoppedAt += ms;
    else this.offsetMs += ms;
  }

  /** Moves time to `iso`, never back: the application's clock only goes forward. */
  advanceTo(iso: string): void {
    this.advance(Math.max(0, Date.parse(iso) - this.now().getTime()));
  }

  /** Stops time at `iso` (not earlier than now); `advance` still moves it. */
  stopAt(iso: string): void {
    // One reading of the running clock: reading it twice let the machine's time slip in between,
    // so a busy machine stopped it a millisecond or two past `iso`.
    this.stoppedAt = Math.max(Date.parse(iso), this.now().getTime());
  }
}

export const HOUR_MS = 60 * 60 * 1000;
