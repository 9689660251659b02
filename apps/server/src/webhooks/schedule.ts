/**
 * When a failed delivery is tried again (decision 117): soon at first, so a short outage costs
 * seconds, then further apart, up to 24 hours after the delivery was made (or sent again by
 * hand). The last delay repeats; one last attempt is made at the end of the 24 hours.
 */
export const RETRY_DELAYS_MS = [
  5_000, // 5 s
  30_000, // 30 s
  2 * 60_000, // 2 min
  10 * 60_000, // 10 min
  30 * 60_000, // 30 min
  60 * 60_000, // 1 h
  2 * 3_600_000, // 2 h
  4 * 3_600_000, // 4 h
  6 * 3_600_000, // 6 h
];

/** How long a delivery is retried. */
export const RETRY_WINDOW_MS = 24 * 3_600_000;

/**
 * The time of the next attempt after `attempts` failed ones, made at `now`, for a delivery whose
 * window began at `windowStart`; null once the window is over.
 */
export function nextAttempt(attempts: number, now: Date, windowStart: Date): Date | null {
  const end = windowStart.getTime() + RETRY_WINDOW_MS;
  if (now.getTime() >= end) return null;
  const delay =
    RETRY_DELAYS_MS[Math.min(attempts - 1, RETRY_DELAYS_MS.length - 1)] ?? RETRY_DELAYS_MS[0] ?? 0;
  return new Date(Math.min(now.getTime() + delay, end));
}
