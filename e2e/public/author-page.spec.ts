import { expect, test } from '@playwright/test';
import type { AuthorPage, NewsDto } from '@newsroom/contract';
import { apiGet, collectErrors } from './support.ts';

/*
 * Bylines and author pages (decision 103): from an article's byline to the author's page, whose
 * articles load six at a time as the reader scrolls, as on the home page.
 */

test('a byline leads to the author’s page, which loads more of their articles on scroll', async ({
  page,
  request,
}) => {
  const errors = collectErrors(page);
  // The newest article whose first author has more than one page of articles.
  const newest = (await apiGet<NewsDto[]>(request, '/u/get?page=1&limit=20')).data;
  let chosen: { article: NewsDto; slug: string; count: number } | null = null;
  for (const article of newest) {
    const slug = article.authors[0]?.slug;
    if (!slug) continue;
    const author = await apiGet<AuthorPage>(request, `/u/author/${slug}`);
    if ((author.count ?? 0) > 6) {
      chosen = { article, slug, count: author.count ?? 0 };
      break;
    }
  }
  if (!chosen) throw new Error('no demo author with more than six articles');
  const { article, slug, count } = chosen;
  const name = article.authors[0]?.name ?? '';

  await page.goto(`/news/${article.slug}`);
  const byline = page.getByTestId('byline');
  await expect(byline).toContainText(`By ${name}`);
  await byline.getByRole('link', { name }).click();

  await expect(page).toHaveURL(new RegExp(`/author/${slug}$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const items = page.getByTestId('news-item');
  await expect(items).toHaveCount(6);
  // Without JavaScript, the older articles are a link away.
  await expect(page.getByRole('link', { name: 'Older articles →' })).toHaveAttribute(
    'href',
    `/author/${slug}?page=2`,
  );
  await page.waitForLoadState('networkidle');

  const apiCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/')) apiCalls.push(request.url());
  });
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(items).toHaveCount(Math.min(12, count));
  expect(apiCalls.some((url) => url.includes(`/u/author/${slug}`) && url.includes('page=2'))).toBe(
    true,
  );
  expect(errors).toEqual([]);
});

test('an unknown author’s page answers 404', async ({ request }) => {
  const response = await request.get('/author/no-one-by-this-name');
  expect(response.status()).toBe(404);
});
