import { useQuery } from '@tanstack/react-query';
import {
  TRUNCATE,
  truncateChars,
  type DashboardCards,
  type PopularNewsDto,
} from '@newsroom/contract';
import { api } from '../../lib/api.ts';
import { formatDateTime } from '../lib/format.ts';
import { adminCache, adminKeys } from '../lib/query-keys.ts';
import { ScreenHeader } from '../ui/ScreenHeader.tsx';
import { Table, TableMessage, cellClass } from '../ui/Table.tsx';
import { SiteViewsSection } from './SiteViewsSection.tsx';

const cards: { key: keyof DashboardCards; label: string }[] = [
  { key: 'totalNews', label: 'Total News' },
  { key: 'totalPublishers', label: 'Total Publishers' },
  { key: 'totalAnchors', label: 'Total Anchors' },
  { key: 'totalViews', label: 'Total Views' },
];

const headers = ['S.No.', 'Title', 'Category', 'Publisher', 'Views', 'Updated'];

export function DashboardScreen() {
  const totals = useQuery({
    queryKey: adminKeys.dashboardCards,
    queryFn: async ({ signal }) => (await api<DashboardCards>('/dashboard/cards', { signal })).data,
    ...adminCache,
  });
  const popular = useQuery({
    queryKey: adminKeys.popularNews,
    queryFn: async ({ signal }) =>
      (await api<PopularNewsDto[]>('/dashboard/popular-news', { signal })).data,
    ...adminCache,
  });

  return (
    <section>
      <ScreenHeader title="Dashboard" />
      <ul className="mb-8 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {cards.map((card) => (
          <li key={card.key} className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
            <p className="text-sm font-medium text-slate-600">{card.label}</p>
            <p className="mt-2 text-3xl font-bold text-slate-900" data-testid={card.key}>
              {totals.isPending
                ? '…'
                : totals.isError
                  ? '–'
                  : totals.data[card.key].toLocaleString('en-US')}
            </p>
          </li>
        ))}
      </ul>
      {totals.isError ? <p className="mb-4 text-sm text-red-700">{totals.error.message}</p> : null}
      <SiteViewsSection />
      <h2 className="mb-3 text-lg font-bold text-slate-900">Popular News</h2>
      <Table caption="Popular News" headers={headers}>
        {popular.isPending ? (
          <TableMessage colSpan={headers.length}>Loading...</TableMessage>
        ) : popular.isError ? (
          <TableMessage colSpan={headers.length}>{popular.error.message}</TableMessage>
        ) : popular.data.length === 0 ? (
          <TableMessage colSpan={headers.length}>No news yet.</TableMessage>
        ) : (
          popular.data.map((row, index) => (
            <tr key={row._id}>
              <td className={cellClass}>{index + 1}</td>
              <td className={cellClass} title={row.title}>
                {truncateChars(row.title, TRUNCATE.dashboardTitle)}
              </td>
              <td className={cellClass}>{row.category?.name ?? ''}</td>
              <td className={cellClass}>{row.publisher?.name ?? ''}</td>
              <td className={cellClass}>{row.views}</td>
              <td className={`${cellClass} whitespace-nowrap`}>{formatDateTime(row.updatedAt)}</td>
            </tr>
          ))
        )}
      </Table>
    </section>
  );
}
