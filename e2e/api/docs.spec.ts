import { expect, test } from '@playwright/test';

/*
 * The API's readable page (/api/v1/docs) loads in a real browser under the site's Content
 * Security Policy, from our origin alone, and shows the operations of the OpenAPI document.
 */

test('the API docs page shows the operations of the document, loaded from our origin', async ({
  page,
  baseURL,
}) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('request', (request) => {
    if (new URL(request.url()).origin !== new URL(baseURL ?? '').origin) {
      problems.push(`loaded from another origin: ${request.url()}`);
    }
  });
  await page.goto('/api/v1/docs/');
  await expect(page.getByRole('heading', { name: /Newsroom API/ })).toBeVisible();
  const operation = page.locator('.opblock-summary-path', { hasText: /^\/api\/v1\/u\/get$/ });
  await expect(operation.first()).toBeVisible();
  await operation.first().click();
  await expect(page.getByText('Parameters').first()).toBeVisible();
  expect(problems).toEqual([]);
});
