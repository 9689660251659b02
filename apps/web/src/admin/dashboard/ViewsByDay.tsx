import { lazy, Suspense, useId } from 'react';
import { VIEW_PERIODS, type DayViews, type ViewPeriod } from '@newsroom/contract';
import { Table, cellClass } from '../ui/Table.tsx';

// The chart library is fetched the first time a chart is shown, never by the reader site.
const ViewsChart = lazy(() => import('./ViewsChart.tsx'));

const number = (n: number) => n.toLocaleString('en-US');

/** A date of the site's time zone (`YYYY-MM-DD`) as people read it: "27 Nov 2026". */
export function dayLabel(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
}

/** What the chart shows, in words: the total and the busiest day. */
export function viewsSummary(days: DayViews[]): string {
  const total = days.reduce((sum, day) => sum + day.views, 0);
  if (total === 0) return `No views in the last ${days.length} days.`;
  const busiest = days.reduce((best, day) => (day.views > best.views ? day : best));
  return (
    `${number(total)} view${total === 1 ? '' : 's'} in the last ${days.length} days; ` +
    `the most on ${dayLabel(busiest.date)} (${number(busiest.views)}).`
  );
}

/** The period picker of a chart: the last 7, 30 or 90 days. */
export function PeriodSelect({
  value,
  onChange,
}: {
  value: ViewPeriod;
  onChange: (days: ViewPeriod) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2 text-sm">
      <label htmlFor={id} className="font-medium text-slate-700">
        Period
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(Number(event.target.value) as ViewPeriod)}
        className="rounded border border-slate-300 bg-white px-2 py-1"
      >
        {VIEW_PERIODS.map((days) => (
          <option key={days} value={days}>
            Last {days} days
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * Views per day: the chart, with its text alternative — a summary read out with it and the
 * figures of every day in a table (decision 119).
 */
export function ViewsByDay({ days, title }: { days: DayViews[]; title: string }) {
  const summaryId = useId();
  return (
    <figure aria-describedby={summaryId} className="m-0">
      <Suspense fallback={<div style={{ height: 220 }} aria-hidden="true" />}>
        <ViewsChart days={days} />
      </Suspense>
      <figcaption id={summaryId} className="mt-2 text-sm text-slate-700">
        {viewsSummary(days)}
      </figcaption>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-slate-700">
          {title}: views per day as a table
        </summary>
        <div className="mt-2">
          <Table caption={`${title}: views per day`} headers={['Day', 'Views']}>
            {days.map((day) => (
              <tr key={day.date}>
                <td className={cellClass}>
                  <time dateTime={day.date}>{dayLabel(day.date)}</time>
                </td>
                <td className={cellClass}>{number(day.views)}</td>
              </tr>
            ))}
          </Table>
        </div>
      </details>
    </figure>
  );
}
