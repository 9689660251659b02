import { DISPLAY_LOCALE, DISPLAY_TIME_ZONE } from '@newsroom/contract';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from '../../src/public/format.ts';

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

/** Instants from 1970 to 2100, a little under 24 days apart, each at another time of day. */
const instants = Array.from({ length: 2000 }, (_, i) =>
  new Date(Date.UTC(1970, 0, 1) + i * 2_053_147_123).toISOString(),
);

describe('readers’ dates', () => {
  it('read as Intl writes them in the display zone, day by day', () => {
    for (const iso of instants) expect(formatDate(iso)).toBe(dateFormat.format(new Date(iso)));
  });

  it('read as Intl writes them in the display zone, to the minute', () => {
    for (const iso of instants) {
      expect(formatDateTime(iso)).toBe(dateTimeFormat.format(new Date(iso)));
    }
  });

  it('turn at midnight and noon of the display zone', () => {
    expect(formatDateTime('2025-03-03T18:29:00.000Z')).toBe('March 3, 2025 at 11:59 PM GMT+5:30');
    expect(formatDateTime('2025-03-03T18:30:00.000Z')).toBe('March 4, 2025 at 12:00 AM GMT+5:30');
    expect(formatDateTime('2025-03-04T06:30:00.000Z')).toBe('March 4, 2025 at 12:00 PM GMT+5:30');
    expect(formatDate('2024-12-31T18:30:00.000Z')).toBe('January 1, 2025');
  });

  it('refuse a value that is not a time, as Intl does', () => {
    expect(() => formatDate('not a date')).toThrow(RangeError);
  });
});
