import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { DEFAULT_VIEW_PERIOD, type ViewPeriod } from '@newsroom/contract';
import { paths } from '../../lib/paths.ts';
import { Table, TableMessage, cellClass } from '../ui/Table.tsx';
import { PeriodSelect, ViewsByDay } from './ViewsByDay.tsx';
import { useSiteViews } from './views-api.ts';

const number = (n: number) => n.toLocaleString('en-US');

/** A "top" list of the period: a name (or link) and its views. */
function TopList({
  title,
  nameHeader,
  rows,
  empty,
}: {
  title: string;
  nameHeader: string;
  rows: Array<{ key: string; name: ReactNode; views: number }>;
  empty: string;
}) {
  const headers = ['#', nameHeader, 'Views'];
  return (
    <div>
      <h3 className="mb-2 font-semibold text-slate-900">{title}</h3>
      <Table caption={title} headers={headers}>
        {rows.length === 0 ? (
          <TableMessage colSpan={headers.length}>{empty}</TableMessage>
        ) : (
          rows.map((row, index) => (
            <tr key={row.key}>
              <td className={cellClass}>{index + 1}</td>
              <td className={cellClass}>{row.name}</td>
              <td className={cellClass}>{number(row.views)}</td>
            </tr>
          ))
        )}
      </Table>
    </div>
  );
}

/**
 * The dashboard's views (decision 119): views per day over the last 7, 30 or 90 days, and the
 * period's most read articles and sections and the other sites readers came from.
 */
export function SiteViewsSection() {
  const [days, setDays] = useState<ViewPeriod>(DEFAULT_VIEW_PERIOD);
  const views = useSiteViews(days);
  return (
    <section aria-labelledby="site-views-heading" className="mb-8">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h2 id="site-views-heading" className="text-lg font-bold text-slate-900">
          Views per day
        </h2>
        <PeriodSelect value={days} onChange={setDays} />
      </div>
      {views.isPending ? (
        <p className="text-sm text-slate-600">Loading views…</p>
      ) : views.isError ? (
        <p className="text-sm text-red-700">{views.error.message}</p>
      ) : (
        <>
          <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
            <ViewsByDay days={views.data.days} title="The site" />
          </div>
          <div className="mt-6 grid gap-6 lg:grid-cols-3">
            <TopList
              title="Top articles"
              nameHeader="Article"
              empty="No article read in this period."
              rows={views.data.topArticles.map((article) => ({
                key: article._id,
                name: <Link to={paths.admin.newsUpdate(article._id)}>{article.title}</Link>,
                views: article.views,
              }))}
            />
            <TopList
              title="Top sections"
              nameHeader="Section"
              empty="No section read in this period."
              rows={views.data.topSections.map((section) => ({
                key: section.name,
                name: section.name,
                views: section.views,
              }))}
            />
            <TopList
              title="Top referrers"
              nameHeader="Site"
              empty="No reader came from another site in this period."
              rows={views.data.topReferrers.map((referrer) => ({
                key: referrer.host,
                name: referrer.host === '(other)' ? 'Other sites' : referrer.host,
                views: referrer.views,
              }))}
            />
          </div>
        </>
      )}
    </section>
  );
}
