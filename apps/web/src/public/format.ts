import { DISPLAY_TIME_ZONE } from '@newsroom/contract';
import { intlZone, type ZoneRules } from './time-zone.ts';

/**
 * Readers' dates: en-US, in the site's time zone (SITE_TIME_ZONE, Asia/Kolkata unless set), the
 * same text on the server and in the browser that hydrates it.
 *
 * The text is written out here and only the zone's offset comes from the zone rules in use: the
 * server renders with Intl's (`setZoneRules`, entry-server.tsx) and hands the browser a table of
 * the offsets its page used (time-zone.ts), so hydration writes the same text without the
 * browser's time-zone data, whose loading is a long task in the middle of hydration. A test
 * compares this text with Intl's over many dates and zones.
 */
let rules: ZoneRules | null = null;

/** The zone rules dates are formatted with from now on, in this process or page. */
export function setZoneRules(next: ZoneRules): void {
  rules = next;
}

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

/** The wall-clock fields of `iso` in the site's zone (read with the getUTC… methods). */
function inSiteZone(iso: string): { local: Date; name: string } {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) throw new RangeError(`Invalid time value: ${iso}`);
  rules ??= intlZone(DISPLAY_TIME_ZONE);
  const { offset, name } = rules.at(time);
  return { local: new Date(time + offset * 60_000), name };
}

function dayOf(local: Date): string {
  return `${MONTHS[local.getUTCMonth()]} ${local.getUTCDate()}, ${local.getUTCFullYear()}`;
}

/** A date as readers see it, e.g. "March 4, 2025". */
export function formatDate(iso: string): string {
  return dayOf(inSiteZone(iso).local);
}

/** A date and time, e.g. "March 4, 2025 at 10:30 AM GMT+5:30". */
export function formatDateTime(iso: string): string {
  const { local, name } = inSiteZone(iso);
  const hours = local.getUTCHours();
  const minutes = String(local.getUTCMinutes()).padStart(2, '0');
  const period = hours < 12 ? 'AM' : 'PM';
  return `${dayOf(local)} at ${hours % 12 || 12}:${minutes} ${period} ${name}`;
}
