import { DISPLAY_LOCALE } from '@newsroom/contract';
import { siteTimeZone } from '../../lib/site-time-zone.ts';

let dateTime: Intl.DateTimeFormat | null = null;

/** A timestamp as en-US in the site's time zone (SITE_TIME_ZONE), or the raw text if it does not parse. */
export function formatDateTime(value: string): string {
  const date = new Date(value);
  dateTime ??= new Intl.DateTimeFormat(DISPLAY_LOCALE, {
    timeZone: siteTimeZone(),
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return Number.isNaN(date.getTime()) ? value : dateTime.format(date);
}
