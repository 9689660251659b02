/**
 * Readers' dates: en-US, in the display zone (DISPLAY_TIME_ZONE, Asia/Kolkata), the same text on
 * the server and in the browser that hydrates it.
 *
 * Written out here rather than with Intl.DateTimeFormat: a page's first date formatter makes the
 * browser load its locale and time-zone data, a single task of about 40 ms on this machine (four
 * times that on a throttled phone) in the middle of hydration. Asia/Kolkata is UTC+5:30 all year
 * (no daylight saving since 1945), so a fixed offset gives the same text; a test compares both
 * over many dates, and fails if the display zone changes.
 */
const OFFSET_MINUTES = 5 * 60 + 30;

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** The zone as en-US names it in short: "GMT+5:30". */
const ZONE_NAME = `GMT+${Math.floor(OFFSET_MINUTES / 60)}:${String(OFFSET_MINUTES % 60).padStart(2, '0')}`;

/** The wall-clock fields of `iso` in the display zone (read with the getUTC… methods). */
function inDisplayZone(iso: string): Date {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) throw new RangeError(`Invalid time value: ${iso}`);
  return new Date(time + OFFSET_MINUTES * 60_000);
}

function dayOf(local: Date): string {
  return `${MONTHS[local.getUTCMonth()]} ${local.getUTCDate()}, ${local.getUTCFullYear()}`;
}

/** A date as readers see it, e.g. "March 4, 2025". */
export function formatDate(iso: string): string {
  return dayOf(inDisplayZone(iso));
}

/** A date and time, e.g. "March 4, 2025 at 10:30 AM GMT+5:30". */
export function formatDateTime(iso: string): string {
  const local = inDisplayZone(iso);
  const hours = local.getUTCHours();
  const minutes = String(local.getUTCMinutes()).padStart(2, '0');
  const period = hours < 12 ? 'AM' : 'PM';
  return `${dayOf(local)} at ${hours % 12 || 12}:${minutes} ${period} ${ZONE_NAME}`;
}
