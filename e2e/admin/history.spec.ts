import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { collectErrors, sharedAdmin, signIn, tokenOf } from './support.ts';

/**
 * An article's history in the browser (decision 108): two revisions compared word by word and
 * the older one restored as a new revision; then what was typed and never saved is kept as a
 * private copy, and offered back after the tab is closed.
 */
test.describe.configure({ mode: 'serial' });

const run = Math.random().toString(36).slice(2, 8);
const first = `Harbour lights return tonight ${run}`;
const second = `Harbour lights stay dark tonight ${run}`;
const body = (verb: string) =>
  `<p>${'The harbour board met late and talked for hours about the lights. '.repeat(4)}The board ${verb} the plan.</p>`;

let page: Page;
let newsId = '';
let token = '';
let errors: string[];

async function api(
  request: APIRequestContext,
  token: string,
  method: 'post' | 'put',
  url: string,
  data: object,
) {
  const res = await request[method](`/api/v1${url}`, {
    data,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data as { _id: string; slug: string };
}

test.beforeAll(async ({ browser, request }) => {
  // A context of its own: a tab of it is closed and another opened on the same sign-in.
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  page = await context.newPage();
  errors = collectErrors(page);
  await signIn(page, await sharedAdmin(request));
  token = await tokenOf(page);
  const category = await api(request, token, 'post', '/category/create', {
    name: `Harbour ${run}`,
  });
  const publisher = await api(request, token, 'post', '/publisher/create', {
    name: `Port Press ${run}`,
  });
  const fields = {
    slug: `harbour-lights-${run}`,
    metaDescription: 'What the harbour board decided about the lights.',
    alt: 'The harbour at night',
    tags: ['harbour'],
    videoURL: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    status: true,
    categoryId: category._id,
    publisherId: publisher._id,
  };
  const created = await api(request, token, 'post', '/news/create', {
    ...fields,
    title: first,
    description: body('approved'),
  });
  newsId = created._id;
  await api(request, token, 'put', `/news/update/${newsId}`, {
    ...fields,
    title: second,
    description: body('rejected'),
  });
});

test.afterAll(async ({ request }) => {
  // The article goes, so the reader tests after these find a demo article newest.
  if (newsId) {
    await request.delete(`/api/v1/news/delete/${newsId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
  }
  await page.context().close();
});

test('compares two revisions word by word and restores the older one', async () => {
  await page.goto(`/news/update/${newsId}`);
  const history = page.getByRole('region', { name: 'History' });
  const revisions = history.getByRole('list', { name: 'Revisions' });
  await expect(revisions.getByRole('listitem')).toHaveCount(2);
  await history.getByRole('button', { name: 'Compare', exact: true }).click();
  const comparison = history.getByLabel('Comparison');
  await expect(comparison.locator('del').filter({ hasText: 'return' })).toBeVisible();
  await expect(comparison.locator('ins').filter({ hasText: 'stay dark' })).toBeVisible();
  await expect(comparison.locator('del').filter({ hasText: 'approved' })).toBeVisible();
  await expect(comparison.locator('ins').filter({ hasText: 'rejected' })).toBeVisible();

  await history.getByRole('button', { name: 'Restore #1' }).click();
  const dialog = page.getByRole('dialog', { name: 'Restore revision #1?' });
  await dialog.getByRole('button', { name: 'Restore' }).click();
  const form = page.getByRole('form', { name: 'Update news' });
  await expect(form.getByLabel('Title', { exact: true })).toHaveValue(first);
  await expect(revisions.getByRole('listitem')).toHaveCount(3);
  await expect(revisions.getByRole('listitem').first()).toContainText('restored');
  expect(errors).toEqual([]);
});

test('brings back what was typed after the tab was closed', async () => {
  const context = page.context();
  await page.goto(`/news/update/${newsId}`);
  const form = page.getByRole('form', { name: 'Update news' });
  const unsaved = `Harbour lights: the full story ${run}`;
  await expect(form.getByLabel('Title', { exact: true })).toHaveValue(first);
  await form.getByLabel('Title', { exact: true }).fill(unsaved);
  // The editor keeps a private copy within 15 seconds of a change.
  await expect(page.getByRole('status').filter({ hasText: 'kept as a private copy' })).toBeVisible({
    timeout: 25_000,
  });
  await page.close();
  // Never touched the article itself.
  const live = await context.request.get(`/api/v1/u/news/harbour-lights-${run}`);
  expect((await live.json()).data[0].title).toBe(first);

  page = await context.newPage();
  errors = collectErrors(page);
  await page.goto(`/news/update/${newsId}`);
  const offer = page.getByRole('alert').filter({ hasText: 'You have unsaved changes' });
  await expect(offer).toBeVisible();
  await offer.getByRole('button', { name: 'Bring them back' }).click();
  const reopened = page.getByRole('form', { name: 'Update news' });
  await expect(reopened.getByLabel('Title', { exact: true })).toHaveValue(unsaved);
  expect(errors).toEqual([]);
});
