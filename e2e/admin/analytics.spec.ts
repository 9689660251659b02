import { expect, test, type Page } from '@playwright/test';
import { collectErrors, sharedAdmin, signIn, tokenOf } from './support.ts';

/**
 * Views per day in real browsers (decision 119): a reader without a session opens a new article
 * from another site; the dashboard's chart, its table and top lists, and the article's own chart
 * in its editor show those views, today, from the same counts.
 */
test.describe.configure({ mode: 'serial' });

const run = Math.random().toString(36).slice(2, 8);
const title = `Ferry timetable changes for winter ${run}`;
const slug = `ferry-timetable-changes-${run}`;
const REFERRER = 'https://www.search-portal.example/results?q=ferry';

let page: Page;
let errors: string[];
let token = '';
let newsId = '';

const api = async <T>(method: 'GET' | 'POST' | 'DELETE', path: string, data?: object) => {
  const res = await page.request.fetch(`/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
    ...(data && { data }),
  });
  expect(res.status(), `${method} ${path}: ${await res.text()}`).toBe(200);
  return ((await res.json()) as { data: T }).data;
};

/** A date of the site (`YYYY-MM-DD`) as the back office writes it. */
const dayLabel = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });

test.beforeAll(async ({ browser, request }) => {
  page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  errors = collectErrors(page);
  await signIn(page, await sharedAdmin(request));
  token = await tokenOf(page);
  const categories = await api<{ _id: string; name: string }[]>('GET', '/category/get');
  const publishers = await api<{ _id: string }[]>('GET', '/publisher/get');
  const created = await api<{ _id: string }>('POST', '/news/create', {
    title,
    slug,
    metaDescription: 'The winter timetable of the ferries, day by day.',
    description: `<p>${'The ferries will run less often from December, the harbour said. '.repeat(4)}</p>`,
    alt: 'A ferry',
    tags: ['ferry'],
    videoURL: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    status: true,
    categoryId: categories[0]?._id,
    publisherId: publishers[0]?._id,
  });
  newsId = created._id;
});

test.afterAll(async () => {
  if (newsId) await api('DELETE', `/news/delete/${newsId}`);
  await page.close();
});

test.afterEach(() => {
  expect(errors, 'console errors').toEqual([]);
});

let views = 0;
let today = '';

test('a reader’s views of the article are counted today, with the site they came from', async ({
  browser,
}) => {
  const reader = await browser.newContext();
  const readerPage = await reader.newPage();
  for (let i = 0; i < 3; i++) {
    const answer = await readerPage.goto(`/news/${slug}`, { referer: REFERRER });
    expect(answer?.status()).toBe(200);
  }
  await reader.close();
  // The article's total, as the back office counts it: all of them made today.
  await expect(async () => {
    const article = await api<{ views: number }>('GET', `/news/get/${newsId}`);
    expect(article.views).toBeGreaterThanOrEqual(3);
    const chart = await api<{ days: { date: string; views: number }[] }>(
      'GET',
      `/news/${newsId}/views?days=7`,
    );
    const last = chart.days.at(-1);
    expect(last?.views).toBe(article.views);
    views = article.views;
    today = last?.date ?? '';
  }).toPass({ timeout: 10_000 });
});

test('the dashboard charts them, lists the article and the referrer for the period chosen', async () => {
  await page.goto('/');
  const section = page.getByRole('region', { name: 'Views per day' });
  await section.getByLabel('Period').selectOption('7');
  await expect(section.getByText(/ views? in the last 7 days/)).toBeVisible();
  // The chart is drawn (uPlot's canvas), and the same figures are in its table.
  await expect(section.getByTestId('views-chart').locator('canvas').first()).toBeAttached();
  await section.getByText('The site: views per day as a table').click();
  const days = section.getByRole('table', { name: 'The site: views per day' });
  await expect(days.getByRole('row')).toHaveCount(8);
  const todayRow = days.getByRole('row', { name: new RegExp(`^${dayLabel(today)} `) });
  const siteToday = Number(
    ((await todayRow.getByRole('cell').nth(1).textContent()) ?? '0').replace(/,/g, ''),
  );
  expect(siteToday).toBeGreaterThanOrEqual(views);
  const top = section.getByRole('table', { name: 'Top articles' });
  const row = top.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText(String(views));
  await expect(section.getByRole('table', { name: 'Top referrers' })).toContainText(
    'search-portal.example',
  );
});

test('the article’s editor charts its own views', async () => {
  await page.goto(`/news/update/${newsId}`);
  const panel = page.getByRole('region', { name: 'Views' });
  await expect(
    panel.getByText(
      new RegExp(`^${views} views in the last 30 days; the most on ${dayLabel(today)}`),
    ),
  ).toBeVisible();
  await expect(panel.getByTestId('views-chart').locator('canvas').first()).toBeAttached();
  await panel.getByText('This article: views per day as a table').click();
  const table = panel.getByRole('table', { name: 'This article: views per day' });
  await expect(table.getByRole('row', { name: `${dayLabel(today)} ${views}` })).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(31);
});
