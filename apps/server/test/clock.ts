import type { Clock } from '../src/domain/clock.ts';

/** The system's time shifted by an offset that a test moves forward, instead of waiting. */
export class MovableClock implements Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

export const HOUR_MS = 60 * 60 * 1000;
