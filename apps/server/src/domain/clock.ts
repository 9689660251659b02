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
