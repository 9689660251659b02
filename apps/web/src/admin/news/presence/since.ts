import { DISPLAY_LOCALE } from '@newsroom/contract';
import { formatDateTime } from '../../lib/format.ts';
import { siteTimeZone } from '../../../lib/site-time-zone.ts';

/** When someone began editing, in the site's time zone: the time alone when it is today there. */
export function formatSince(instant: string, now = new Date()): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return instant;
  const zone = siteTimeZone();
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: zone, dateStyle: 'short' });
  if (day.format(date) !== day.format(now)) return formatDateTime(instant);
  return new Intl.DateTimeFormat(DISPLAY_LOCALE, { timeZone: zone, timeStyle: 'short' }).format(
    date,
  );
}
