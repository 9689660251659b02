import { expect, test } from '@playwright/test';
import type { ApiEnvelope } from '@newsroom/contract';
import { adminToken } from './support.ts';

for (const path of ['/no/such/page/here', '/news/no-such-article-slug', '/no-such-category']) {
  test(`${path} shows the 404 screen with status 404`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
    await expect(
      page.getByText('Oops! The page you are looking for does not exist.'),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByTestId('news-item').first()).toBeVisible();
  });
}

test('an unknown sub-category of a known category is not found', async ({ request }) => {
  expect((await request.get('/crime/no-such-sub')).status()).toBe(404);
});

test('a signed-in admin gets the app shell, not a public page or a 404', async ({
  playwright,
  baseURL,
}) => {
  const visitor = await playwright.request.newContext({ baseURL });
  expect((await visitor.get('/category')).status()).toBe(404);

  // Signed in as a browser is after signing in: the access-token cookie the sign-in sets.
  const token = await adminToken(visitor);
  const session = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { cookie: `accessToken=${token}` },
  });
  const me = await visitor.get('/api/v1/auth/me', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(((await me.json()) as ApiEnvelope<{ role: string }>).data.role).toBe('admin');
  const shell = await session.get('/category');
  expect(shell.status()).toBe(200);
  expect(shell.headers()['cache-control']).toBe('no-store');
  const html = await shell.text();
  expect(html).toContain('<div id="root"></div>');
  await visitor.dispose();
  await session.dispose();
});

test('sign-in paths get the app shell', async ({ request }) => {
  const response = await request.get('/login');
  expect(response.status()).toBe(200);
  expect(await response.text()).toContain('<div id="root"></div>');
});
