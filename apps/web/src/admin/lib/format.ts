import { DISPLAY_LOCALE, DISPLAY_TIME_ZONE } from '@newsroom/contract';

const dateTime = new Intl.DateTimeFormat(DISPLAY_LOCALE, {
  timeZone: DISPLAY_TIME_ZONE,
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** A timestamp as en-US in the Asia/Kolkata zone, or the raw text if it does not parse. */
export function formatDateTime(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateTime.format(date);
}
