import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import {
  collectErrors,
  joinStaff,
  newPage,
  sharedAdmin,
  type Credentials,
  tokenOf,
} from './support.ts';

/**
 * Two people open the same article in two browsers: the second sees at once that the first is
 * editing it, and takes it over; the first's editor turns read-only and says who took it.
 */
test.describe.configure({ mode: 'serial' });

const run = Math.random().toString(36).slice(2, 8);
const bram = { name: 'Bram Presence', email: `bram-${run}@example.com`, password: 'bram-pass-1' };

async function signedIn(browser: Browser, person: Credentials): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('button', { name: /Hello Admin/ })).toBeVisible();
  return page;
}

/** The newest article of the site, as the reader API lists it. */
async function someArticle(request: APIRequestContext): Promise<{ _id: string; title: string }> {
  const answer = await request.get('/api/v1/u/get?page=1&limit=1');
  expect(answer.status()).toBe(200);
  const body = (await answer.json()) as { data: { _id: string; title: string }[] };
  const [article] = body.data;
  if (!article) throw new Error('the site has no public article');
  return article;
}

test('the second browser sees the first editing, takes over, and the first turns read-only', async ({
  browser,
  request,
}) => {
  const asha = await sharedAdmin(request);
  const article = await someArticle(request);
  const first = await signedIn(browser, asha);
  const second = await newPage(browser);
  await joinStaff(request, await tokenOf(first), second, bram, 'editor');
  const errors = [...collectErrors(first), ...collectErrors(second)];

  await first.goto(`/news/update/${article._id}`);
  const firstTitle = first.getByLabel('Title');
  await expect(firstTitle).toHaveValue(article.title);
  await expect(firstTitle).toBeEditable();

  await second.goto(`/news/update/${article._id}`);
  const banner = second.getByRole('status').filter({ hasText: 'is editing since' });
  await expect(banner).toContainText(new RegExp(`${asha.name} is editing since \\d{1,2}:\\d{2}`));
  await expect(second.getByLabel('Title')).toBeDisabled();
  await second.getByRole('button', { name: 'Take over' }).click();
  await expect(second.getByLabel('Title')).toBeEditable();
  await expect(banner).toHaveCount(0);

  await expect(first.getByText(/Bram Presence took over editing/)).toBeVisible();
  await expect(firstTitle).toBeDisabled();
  await expect(first.getByRole('button', { name: 'Update News' })).toBeDisabled();
  expect(errors).toEqual([]);
  await first.context().close();
  await second.context().close();
});
