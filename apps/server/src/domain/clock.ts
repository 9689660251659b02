import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Where the application reads the current time for what depends on it: which articles are
 * published yet, write timestamps, the news sitemap's 48-hour window and the expiry of cached
 * answers that depend on time. Injected, so tests move time instead of waiting for it.
 */
export interface Clock {
  now(): Date;
}

/** The machine's clock. */
export const systemClock: Clock = { now: () => new Date() };

/** The instant of `clock` as the database stores timestamps (ISO 8601, UTC, milliseconds). */
export const isoNow = (clock: Clock): string => clock.now().toISOString();

/**
 * A clock set per job by another process: each job runs with the instant its sender read from
 * its own clock (`run`), so everything the job reads (what is published yet, above all) is
 * decided by the sender's time, even with several jobs under way at once. Outside a job it is
 * the machine's clock.
 */
export class HandedClock implements Clock {
  private readonly instant = new AsyncLocalStorage<number>();

  now(): Date {
    return new Date(this.instant.getStore() ?? Date.now());
  }

  run<T>(at: number, job: () => T): T {
    return this.instant.run(at, job);
  }
}
