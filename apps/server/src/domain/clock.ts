/**
 * Where the application reads the time: write stamps, the news sitemap's 48-hour window and the
 * expiry of cached answers that depend on it. Tests hand the app a clock they can move.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
