import { expect, test } from '@playwright/test';
import { collectErrors, openHydrated } from './support.ts';

// "year" is in 18 of the demo articles (more than two pages of 6); the nonsense word in none.
const COMMON_WORD = 'year';
const NONSENSE = 'qzxvbnmwordless';

test('the header box leads to server-rendered results with highlighted snippets', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await page.goto('/');
  const box = page.getByRole('banner').getByRole('searchbox', { name: 'Search news' });
  await box.fill(COMMON_WORD);
  await box.press('Enter');

  await expect(page).toHaveURL(`/search?q=${COMMON_WORD}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Results for “${COMMON_WORD}”`);
  await expect(page).toHaveTitle(`Search: ${COMMON_WORD} | Newsroom`);
  await expect(box).toHaveValue(COMMON_WORD);
  const items = page.getByTestId('news-item');
  await expect(items).toHaveCount(6);
  const marks = items.first().getByTestId('search-snippet').locator('mark');
  await expect(marks.first()).toHaveText(/^years?$/i);
  expect(errors).toEqual([]);
});

test('a results page is rendered on the server and loads more as the reader scrolls', async ({
  page,
  request,
}) => {
  const response = await request.get(`/search?q=${COMMON_WORD}`);
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain('<meta name="robots" content="noindex" />');
  expect(html).toMatch(/<mark[^>]*>year/i);

  const apiCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/v1/u/search')) apiCalls.push(r.url());
  });
  await page.goto(`/search?q=${COMMON_WORD}`);
  const items = page.getByTestId('news-item');
  await expect(items).toHaveCount(6);
  await page.waitForLoadState('networkidle');
  expect(apiCalls, 'hydration reuses the server data').toEqual([]);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(items).toHaveCount(12);
  expect(apiCalls.some((url) => url.includes('page=2'))).toBe(true);
});

test('a word nothing matches gets a friendly message', async ({ page }) => {
  await page.goto(`/search?q=${NONSENSE}`);
  await expect(
    page.getByText(`No articles match “${NONSENSE}”. Try fewer or other words.`),
  ).toBeVisible();
  await expect(page.getByTestId('news-item')).toHaveCount(0);
});

test('an empty search asks for words instead of failing', async ({ page }) => {
  const response = await page.goto('/search?q=');
  expect(response?.status()).toBe(200);
  await expect(page.getByText('Enter words to search for.')).toBeVisible();
});

test('the mobile drawer has a search box at 360 px', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await openHydrated(page, '/');
  await expect(page.getByRole('banner').getByRole('searchbox')).toBeHidden();
  await page.getByRole('button', { name: 'Menu' }).click();
  const box = page.locator('#mobile-menu').getByRole('searchbox', { name: 'Search news' });
  await box.fill(COMMON_WORD);
  await box.press('Enter');
  await expect(page).toHaveURL(`/search?q=${COMMON_WORD}`);
  await expect(page.locator('#mobile-menu')).toHaveCount(0);
  await expect(page.getByTestId('news-item').first()).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
