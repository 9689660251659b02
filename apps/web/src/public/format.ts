import { DISPLAY_LOCALE, DISPLAY_TIME_ZONE } from '@newsroom/contract';

const dateFormat = new Intl.DateTimeFormat(DISPLAY_LOCALE, {
  timeZone: DISPLAY_TIME_ZONE,
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});

const dateTimeFormat = new Intl.DateTimeFormat(DISPLAY_LOCALE, {
  timeZone: DISPLAY_TIME_ZONE,
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** A date as readers see it: en-US, in the Asia/Kolkata zone, the same on server and browser. */
export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

/** A date and time in en-US, Asia/Kolkata (e.g. "March 4, 2025 at 10:30 AM GMT+5:30"). */
export function formatDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}
