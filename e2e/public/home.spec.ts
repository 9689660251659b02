import { expect, test } from '@playwright/test';
import { asHtml, collectErrors, firstPageTitles, shownTitles } from './support.ts';

test('the home page is server-rendered with the first 6 articles', async ({ request }) => {
  const response = await request.get('/');
  expect(response.status()).toBe(200);
  const html = await response.text();
  const titles = await firstPageTitles(request);
  expect(titles).toHaveLength(6);
  for (const title of titles) {
    expect(html).toContain(asHtml(title));
  }
});

test('the home shows 6 articles, then 12 after scrolling to the bottom', async ({ page }) => {
  const errors = collectErrors(page);
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/')) apiCalls.push(request.url());
  });

  await page.goto('/');
  const items = page.getByTestId('news-item');
  await expect(items).toHaveCount(6);
  await page.waitForLoadState('networkidle');
  expect(apiCalls, 'hydration reuses the server data').toEqual([]);

  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(items).toHaveCount(12);
  expect(apiCalls.some((url) => url.includes('/u/get') && url.includes('page=2'))).toBe(true);
  expect(errors).toEqual([]);
});

test('the first article is large and the others form a grid', async ({ page }) => {
  await page.goto('/');
  const items = page.getByTestId('news-item');
  await expect(items).toHaveCount(6);
  const first = await items.nth(0).boundingBox();
  const second = await items.nth(1).boundingBox();
  expect(first && second && first.width > second.width * 1.5).toBe(true);
  expect(await shownTitles(page)).toEqual(await firstPageTitles(page.request));
});
