import { DISPLAY_LOCALE, DISPLAY_TIME_ZONE } from '@newsroom/contract';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, setZoneRules } from '../../src/public/format.ts';
import { intlZone, siteZoneTable, sliceZoneTable, tableZone } from '../../src/public/time-zone.ts';

const dateFormat = new Intl.DateTimeFormat(DISPLAY_LOCALE, {
  timeZone: DISPLAY_TIME_ZONE,
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});
/** Intl's date and time with the zone's short name, in `timeZone`. */
const dateTimeIn = (timeZone: string) =>
  new Intl.DateTimeFormat(DISPLAY_LOCALE, {
    timeZone,
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  });
const dateTimeFormat = dateTimeIn(DISPLAY_TIME_ZONE);

/** Instants from 1970 to 2100, a little under 24 days apart, each at another time of day. */
const instants = Array.from({ length: 2000 }, (_, i) =>
  new Date(Date.UTC(1970, 0, 1) + i * 2_053_147_123).toISOString(),
);

describe('readers’ dates', () => {
  it('read as Intl writes them in the display zone, day by day', () => {
    setZoneRules(intlZone(DISPLAY_TIME_ZONE));
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

/** Zones with daylight saving, half- and quarter-hour offsets, and changed rules over the years. */
const ZONES = [
  'America/New_York',
  'Europe/London',
  'Australia/Lord_Howe',
  'Asia/Kathmandu',
  'America/Sao_Paulo',
  'Pacific/Apia',
];

describe('readers’ dates in another site zone', () => {
  for (const zone of ZONES) {
    it(`read as Intl writes them in ${zone}, from the zone's table`, () => {
      const format = dateTimeIn(zone);
      setZoneRules(tableZone(siteZoneTable(zone)));
      for (const iso of instants) expect(formatDateTime(iso)).toBe(format.format(new Date(iso)));
      setZoneRules(intlZone(DISPLAY_TIME_ZONE));
    });
  }

  it('keep the offsets of a slice of the table, and go to Intl outside it', () => {
    const zone = 'America/New_York';
    const start = Date.parse('2024-01-01T00:00:00Z');
    const end = Date.parse('2025-12-31T00:00:00Z');
    const slice = sliceZoneTable(siteZoneTable(zone), start, end);
    // Two changes a year: the span in force on January 1, then four more.
    expect(slice.spans.map((span) => span.name)).toEqual(['EST', 'EDT', 'EST', 'EDT', 'EST']);
    setZoneRules(tableZone(slice));
    expect(formatDateTime('2024-03-10T06:59:00Z')).toBe('March 10, 2024 at 1:59 AM EST');
    expect(formatDateTime('2024-03-10T07:00:00Z')).toBe('March 10, 2024 at 3:00 AM EDT');
    expect(formatDateTime('2030-07-01T12:00:00Z')).toBe('July 1, 2030 at 8:00 AM EDT');
    setZoneRules(intlZone(DISPLAY_TIME_ZONE));
  });
});
