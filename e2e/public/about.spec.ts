import { expect, test } from '@playwright/test';

test('the about page shows six cards and counts each visit', async ({ page }) => {
  await page.goto('/about-us');
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveCount(6);
  const counter = page.getByTestId('visit-count');
  await expect(counter).toHaveText('1');

  await page.reload();
  await expect(counter).toHaveText('2');

  await page.getByRole('link', { name: 'Home' }).first().click();
  await expect(page.getByTestId('news-item').first()).toBeVisible();
  const about = page.getByRole('contentinfo').getByRole('link', { name: 'About Us' });
  // Bringing the footer into view loads the list's next page, which moves the footer: the link is
  // clicked once that has settled, not while the page grows under the pointer.
  await about.scrollIntoViewIfNeeded();
  await page.waitForLoadState('networkidle');
  await about.click();
  await expect(counter).toHaveText('3');
});
