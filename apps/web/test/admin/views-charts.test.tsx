import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DayViews, SiteViews } from '@newsroom/contract';
import { ArticleViewsPanel } from '../../src/admin/dashboard/ArticleViewsPanel.tsx';
import { SiteViewsSection } from '../../src/admin/dashboard/SiteViewsSection.tsx';
import { ok, stubFetch, type StubbedCall } from './fetch-stub.ts';
import { renderAdmin } from './render.tsx';

// The canvas chart needs a real browser (e2e/admin/analytics.spec.ts); here its stand-in says
// what it was given, and the screens' text alternative is what is checked.
vi.mock('../../src/admin/dashboard/ViewsChart.tsx', () => ({
  default: ({ days }: { days: DayViews[] }) => (
    <div data-testid="views-chart" data-days={days.length} aria-hidden="true" />
  ),
}));

afterEach(() => vi.unstubAllGlobals());

/** `count` days ending 27 Nov 2026, with `views(i)` views on the i-th. */
function daysOf(count: number, views: (i: number) => number): DayViews[] {
  const last = Date.UTC(2026, 10, 27);
  return Array.from({ length: count }, (_, i) => ({
    date: new Date(last - (count - 1 - i) * 86_400_000).toISOString().slice(0, 10),
    views: views(i),
  }));
}

const url = (call: StubbedCall) => new URL(call.url, 'http://test');

function siteServer() {
  return stubFetch((call) => {
    const asked = url(call);
    if (asked.pathname !== '/api/v1/dashboard/views') return undefined;
    const days = Number(asked.searchParams.get('days'));
    const answer: SiteViews = {
      days: daysOf(days, (i) => (i === days - 2 ? 40 : 2)),
      topArticles: [
        { _id: 'a1', title: 'The park opens', views: 30 },
        { _id: 'a2', title: 'Rain all week', views: 12 },
      ],
      topSections: [
        { name: 'City', views: 35 },
        { name: 'Weather', views: 12 },
      ],
      topReferrers: [
        { host: 'news.example.org', views: 9 },
        { host: '(other)', views: 3 },
      ],
    };
    return ok(answer, 'Views per day');
  });
}

describe('the dashboard’s views', () => {
  it('charts the last 30 days with a summary and a table of every day, and the period’s top lists', async () => {
    siteServer();
    renderAdmin(<SiteViewsSection />);
    // 29 days of 2 and one of 40.
    expect(
      await screen.findByText('98 views in the last 30 days; the most on 26 Nov 2026 (40).'),
    ).toBeInTheDocument();
    expect(await screen.findByTestId('views-chart')).toHaveAttribute('data-days', '30');
    const table = screen.getByRole('table', { name: 'The site: views per day' });
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    expect(within(table).getByRole('row', { name: '26 Nov 2026 40' })).toBeInTheDocument();

    const articles = screen.getByRole('table', { name: 'Top articles' });
    const link = within(articles).getByRole('link', { name: 'The park opens' });
    expect(link).toHaveAttribute('href', '/news/update/a1');
    expect(within(articles).getByRole('row', { name: '2 Rain all week 12' })).toBeInTheDocument();
    const sections = screen.getByRole('table', { name: 'Top sections' });
    expect(within(sections).getByRole('row', { name: '1 City 35' })).toBeInTheDocument();
    const referrers = screen.getByRole('table', { name: 'Top referrers' });
    expect(within(referrers).getByRole('row', { name: '2 Other sites 3' })).toBeInTheDocument();
  });

  it('asks for the period chosen', async () => {
    const user = userEvent.setup();
    const calls = siteServer();
    renderAdmin(<SiteViewsSection />);
    await screen.findByText(/in the last 30 days/);
    await user.selectOptions(screen.getByLabelText('Period'), 'Last 7 days');
    expect(
      await screen.findByText('52 views in the last 7 days; the most on 26 Nov 2026 (40).'),
    ).toBeInTheDocument();
    expect(await screen.findByTestId('views-chart')).toHaveAttribute('data-days', '7');
    expect(calls.map((call) => url(call).search)).toEqual(['?days=30', '?days=7']);
  });

  it('says so when nothing was read', async () => {
    stubFetch((call) =>
      url(call).pathname === '/api/v1/dashboard/views'
        ? ok({ days: daysOf(30, () => 0), topArticles: [], topSections: [], topReferrers: [] })
        : undefined,
    );
    renderAdmin(<SiteViewsSection />);
    expect(await screen.findByText('No views in the last 30 days.')).toBeInTheDocument();
    expect(screen.getByText('No article read in this period.')).toBeInTheDocument();
  });
});

describe('the editor’s Views panel', () => {
  it('charts the article’s own views per day, for the period chosen', async () => {
    const user = userEvent.setup();
    const calls = stubFetch((call) => {
      const asked = url(call);
      if (asked.pathname !== '/api/v1/news/n1/views') return undefined;
      const days = Number(asked.searchParams.get('days'));
      return ok({ days: daysOf(days, (i) => (i === days - 1 ? 5 : 0)) });
    });
    renderAdmin(<ArticleViewsPanel newsId="n1" />, { role: 'contributor' });
    const panel = await screen.findByRole('region', { name: 'Views' });
    await waitFor(() =>
      expect(
        within(panel).getByText('5 views in the last 30 days; the most on 27 Nov 2026 (5).'),
      ).toBeInTheDocument(),
    );
    await user.selectOptions(within(panel).getByLabelText('Period'), 'Last 90 days');
    expect(
      await within(panel).findByText('5 views in the last 90 days; the most on 27 Nov 2026 (5).'),
    ).toBeInTheDocument();
    expect(
      within(panel).getAllByRole('row', { name: /^\d+ \w+ 2026 0$|^\d+ \w+ 2026 5$/ }),
    ).toHaveLength(90);
    expect(calls.map((call) => url(call).search)).toEqual(['?days=30', '?days=90']);
  });
});
