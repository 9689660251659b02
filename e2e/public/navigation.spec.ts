import { expect, test, type Page } from '@playwright/test';
import { firstPageTitles, openHydrated, shownTitles } from './support.ts';

async function expectListOf(page: Page, filter: { category: string; subcategory?: string }) {
  const expected = await firstPageTitles(page.request, filter);
  expect(expected.length).toBeGreaterThan(0);
  await expect(page.getByTestId('news-item').first()).toBeVisible();
  await expect.poll(() => shownTitles(page)).toEqual(expected);
}

test.describe('desktop header', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('choosing a category, then a sub-category, filters the list', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Categories', exact: true });
    const current = nav.locator('a[aria-current="page"]');
    await expect(current).toHaveText('Home');

    await nav.getByRole('link', { name: 'Sports', exact: true }).click();
    await expect(page).toHaveURL('/sports');
    await expect(current).toHaveText('Sports');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sports');
    await expectListOf(page, { category: 'Sports' });

    await nav.getByRole('link', { name: 'Crime', exact: true }).hover();
    await nav.getByRole('link', { name: 'Cyber Crime', exact: true }).click();
    await expect(page).toHaveURL('/crime/cyber-crime');
    await expect(current).toHaveText('Crime');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cyber Crime');
    await expectListOf(page, { category: 'Crime', subcategory: 'Cyber Crime' });
  });

  test('sub-category menus open from the keyboard', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Categories', exact: true });
    const sub = nav.getByRole('link', { name: 'Supreme Court', exact: true });
    await expect(sub).toBeHidden();
    await nav.getByRole('link', { name: 'Law & Justice', exact: true }).focus();
    await expect(sub).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(sub).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/law-justice/supreme-court');
  });

  test('a category named in the path, in any case or spelling, lists its news', async ({
    page,
  }) => {
    const response = await page.goto('/Law%20%26%20Justice');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Law & Justice');
    await expectListOf(page, { category: 'law & justice' });
  });
});

test.describe('mobile drawer at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('choosing a category, then a sub-category, filters the list', async ({ page }) => {
    await openHydrated(page, '/');
    await expect(page.getByRole('navigation', { name: 'Categories', exact: true })).toBeHidden();
    const menu = page.getByRole('button', { name: 'Menu' });

    await menu.click();
    const drawer = page.getByRole('navigation', { name: 'Menu', exact: true });
    await drawer.getByRole('link', { name: 'Astrology', exact: true }).click();
    await expect(page).toHaveURL('/astrology');
    await expect(drawer).toBeHidden();
    await expectListOf(page, { category: 'Astrology' });

    await menu.click();
    await drawer.getByRole('button', { name: 'Sports sub-categories' }).click();
    await drawer.getByRole('link', { name: 'Cricket', exact: true }).click();
    await expect(page).toHaveURL('/sports/cricket');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cricket');
    await expectListOf(page, { category: 'Sports', subcategory: 'Cricket' });
  });

  test('the page fits the screen without sideways scrolling', async ({ page }) => {
    await page.goto('/');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
