import { DISPLAY_LOCALE } from '@newsroom/contract';

/** The offset from UTC in force from an instant on, and the zone's short name for it. */
export interface ZoneSpan {
  /** Epoch milliseconds from which this offset holds. */
  from: number;
  /** Minutes east of UTC. */
  offset: number;
  /** How en-US names the zone then: "GMT+5:30", "EST", "EDT". */
  name: string;
}

/**
 * The offsets of the site's zone over the instants a page shows, as the server worked them out:
 * the browser formats that page's dates with them, so hydration writes the very text the server
 * wrote without loading the browser's time-zone data (a long task in the middle of hydration).
 */
export interface ZoneTable {
  zone: string;
  /** Sorted by `from`; the first holds from before the earliest instant covered. */
  spans: ZoneSpan[];
  /** The last instant covered (epoch milliseconds). */
  until: number;
}

/** Where formatting finds the offset in force at an instant. */
export interface ZoneRules {
  at(time: number): { offset: number; name: string };
}

const WEEK_MS = 7 * 24 * 3600_000;

const known = new Map<string, ZoneRules>();

/**
 * The zone's rules read from Intl: exact for any instant. One per zone; its formatters are set up
 * when first asked for an offset, so a page that shows no date never sets them up.
 */
export function intlZone(zone: string): ZoneRules {
  const found = known.get(zone);
  if (found) return found;
  let formats: { offsets: Intl.DateTimeFormat; names: Intl.DateTimeFormat } | null = null;
  const part = (format: Intl.DateTimeFormat, time: number) =>
    format.formatToParts(time).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const rules: ZoneRules = {
    at(time) {
      formats ??= {
        offsets: new Intl.DateTimeFormat(DISPLAY_LOCALE, {
          timeZone: zone,
          timeZoneName: 'longOffset',
        }),
        names: new Intl.DateTimeFormat(DISPLAY_LOCALE, { timeZone: zone, timeZoneName: 'short' }),
      };
      const match = /GMT([+-])(\d{2}):(\d{2})/.exec(part(formats.offsets, time));
      const offset = match
        ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]))
        : 0;
      return { offset, name: part(formats.names, time) };
    },
  };
  known.set(zone, rules);
  return rules;
}

const same = (a: { offset: number; name: string }, b: { offset: number; name: string }) =>
  a.offset === b.offset && a.name === b.name;

/**
 * The spans of `rules` from `start` to `end`: offsets are looked at a week apart, and each change
 * is found to the millisecond (zones change at most a few times a year, never twice in a week).
 */
export function zoneTable(zone: string, rules: ZoneRules, start: number, end: number): ZoneTable {
  const spans: ZoneSpan[] = [{ from: start, ...rules.at(start) }];
  for (let time = start; time < end;) {
    const next = Math.min(time + WEEK_MS, end);
    const before = spans[spans.length - 1] as ZoneSpan;
    const after = rules.at(next);
    if (!same(before, after)) {
      let [low, high] = [time, next];
      while (high - low > 1) {
        const middle = low + Math.floor((high - low) / 2);
        if (same(rules.at(middle), before)) low = middle;
        else high = middle;
      }
      spans.push({ from: high, ...after });
    }
    time = next;
  }
  return { zone, spans, until: end };
}

/**
 * Rules that read a table, and Intl for an instant the table does not cover (a list the browser
 * loads later): Intl is only set up then.
 */
export function tableZone(table: ZoneTable): ZoneRules {
  const { spans, until } = table;
  return {
    at(time) {
      if (spans.length === 0 || time < (spans[0] as ZoneSpan).from || time > until) {
        return intlZone(table.zone).at(time);
      }
      // The last span that starts at or before `time`.
      let [low, high] = [0, spans.length - 1];
      while (low < high) {
        const middle = Math.ceil((low + high) / 2);
        if ((spans[middle] as ZoneSpan).from <= time) low = middle;
        else high = middle - 1;
      }
      return spans[low] as ZoneSpan;
    },
  };
}

const YEAR_MS = 365.25 * 24 * 3600_000;
const tables = new Map<string, ZoneTable>();

/**
 * The zone's table from 1970 to five years ahead, worked out once per zone and process (the
 * server's), so a render reads offsets from it instead of asking Intl for each date.
 */
export function siteZoneTable(zone: string): ZoneTable {
  let table = tables.get(zone);
  if (!table) {
    table = zoneTable(zone, intlZone(zone), Date.UTC(1970, 0, 1), Date.now() + 5 * YEAR_MS);
    tables.set(zone, table);
  }
  return table;
}

/** The part of a table that covers `start` to `end`: what one page hands the browser. */
export function sliceZoneTable(table: ZoneTable, start: number, end: number): ZoneTable {
  const first = table.spans.findLastIndex((span) => span.from <= start);
  const spans = table.spans
    .slice(Math.max(first, 0))
    .filter((span, i) => i === 0 || span.from <= end);
  return { zone: table.zone, spans, until: Math.min(end, table.until) };
}

/** Rules that note the earliest and latest instant asked about (the server, while it renders). */
export function recordingZone(rules: ZoneRules) {
  let earliest = Infinity;
  let latest = -Infinity;
  return {
    at(time: number) {
      earliest = Math.min(earliest, time);
      latest = Math.max(latest, time);
      return rules.at(time);
    },
    /** The instants asked about, or null when none was. */
    range: (): [number, number] | null => (earliest === Infinity ? null : [earliest, latest]),
  };
}
