import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { NewsDto } from '@newsroom/contract';
import { apiGet, openHydrated } from './support.ts';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((n) => n.target).join(', ')}`);
}

const pages = [
  '/',
  '/crime',
  '/crime/cyber-crime',
  '/contact-us',
  '/about-us',
  '/search?q=year',
  '/no-such/page',
];

for (const path of pages) {
  test(`${path} has no serious or critical accessibility violation`, async ({ page }) => {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('an article has no serious or critical accessibility violation', async ({ page }) => {
  const list = await apiGet<NewsDto[]>(page.request, '/u/get?page=1&limit=1');
  await page.goto(`/news/${list.data[0]?.slug}`);
  await page.waitForLoadState('networkidle');
  expect(await seriousViolations(page)).toEqual([]);
});

test('the mobile menu has no serious or critical accessibility violation', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await openHydrated(page, '/');
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('button', { name: 'Crime sub-categories' }).click();
  expect(await seriousViolations(page)).toEqual([]);
});
