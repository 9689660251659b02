/**
 * The Google News sitemap lists articles published in the last two days, at most 1,000 of them
 * (decision 081). One definition for the query, the cache tags and the cache expiry.
 */
export const NEWS_WINDOW_MS = 48 * 60 * 60 * 1000;
export const NEWS_SITEMAP_MAX = 1000;

/** The oldest creation time still in the window at `now`, as stored (ISO 8601, UTC). */
export const newsWindowStart = (now: Date): string =>
  new Date(now.getTime() - NEWS_WINDOW_MS).toISOString();

/** Whether an article created at `createdAt` is listed in the news sitemap at `now`. */
export const isInNewsWindow = (createdAt: string, now: Date): boolean =>
  createdAt >= newsWindowStart(now);

/** When an article created at `createdAt` leaves the window, in ms since the epoch. */
export const leavesNewsWindowAt = (createdAt: string): number =>
  Date.parse(createdAt) + NEWS_WINDOW_MS;
