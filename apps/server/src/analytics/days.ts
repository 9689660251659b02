/** A quarter of an hour: every time zone's offset is a whole number of them. */
const QUARTER_HOUR = 15 * 60 * 1000;
const DAY = 24 * 60 * 60 * 1000;

/**
 * Dates in the site's time zone (`YYYY-MM-DD`), the days analytics count in (decision 119). The
 * date of "now" is worked out once per quarter hour: midnight falls on a quarter hour in every
 * zone, so counting a view costs a comparison, not a formatting.
 */
export class SiteDays {
  private readonly format: Intl.DateTimeFormat;
  private quarter = Number.NaN;
  private day = '';

  constructor(timeZone: string) {
    this.format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
  }

  /** The date at the instant `ms`. */
  of(ms: number): string {
    const quarter = Math.floor(ms / QUARTER_HOUR);
    if (quarter !== this.quarter) {
      this.day = this.formatted(ms);
      this.quarter = quarter;
    }
    return this.day;
  }

  /** The `count` dates ending with that of the instant `ms`, oldest first. */
  period(ms: number, count: number): string[] {
    const [year, month, day] = this.of(ms).split('-').map(Number) as [number, number, number];
    const last = Date.UTC(year, month - 1, day);
    return Array.from({ length: count }, (_, i) =>
      new Date(last - (count - 1 - i) * DAY).toISOString().slice(0, 10),
    );
  }

  private formatted(ms: number): string {
    const parts: Record<string, string> = {};
    for (const { type, value } of this.format.formatToParts(ms)) parts[type] = value;
    return `${parts.year}-${parts.month}-${parts.day}`;
  }
}
