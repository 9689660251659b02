import { expect, test, type Page } from '@playwright/test';
import {
  collectErrors,
  expectToast,
  sharedAdmin,
  signIn,
  type Credentials,
  tokenOf,
} from './support.ts';

/**
 * A preview link in real browsers (decision 113): an editor makes one in the editor of a draft;
 * a reader with no session opens it and sees the article as its page will look, marked as a
 * preview and not for search engines, while the article's own address is still a 404; the
 * editor, signed in, sees the same page; once revoked the link answers 410.
 */
test.describe.configure({ mode: 'serial' });

const run = Math.random().toString(36).slice(2, 8);
const title = `Preview-only harbour report ${run}`;
const slug = `preview-only-harbour-report-${run}`;

let page: Page;
let errors: string[];
let token = '';
let newsId = '';
let link = '';

const api = async <T>(method: 'GET' | 'POST' | 'DELETE', path: string, data?: object) => {
  const res = await page.request.fetch(`/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
    ...(data && { data }),
  });
  expect(res.status(), `${method} ${path}: ${await res.text()}`).toBe(200);
  return ((await res.json()) as { data: T }).data;
};

let admin: Credentials;

test.beforeAll(async ({ browser, request }) => {
  page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  errors = collectErrors(page);
  admin = await sharedAdmin(request);
  await signIn(page, admin);
  token = await tokenOf(page);
  // A draft in a demo section, written through the API: the editor is what this test is about.
  const categories = await api<{ _id: string; subcategory: { _id: string }[] }[]>(
    'GET',
    '/category/get',
  );
  const publishers = await api<{ _id: string }[]>('GET', '/publisher/get');
  const category = categories.find((one) => one.subcategory.length > 0) ?? categories[0];
  const created = await api<{ _id: string }>('POST', '/news/create', {
    title,
    slug,
    metaDescription: 'A report only a preview link shows before it is published.',
    description: `<p>${'The harbour master spoke of the tides and the boats at length. '.repeat(4)}</p>`,
    alt: 'The harbour',
    tags: ['harbour'],
    videoURL: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    status: true,
    draft: true,
    categoryId: category?._id,
    subCategoryId: category?.subcategory[0]?._id ?? null,
    publisherId: publishers[0]?._id,
  });
  newsId = created._id;
});

test.afterAll(async () => {
  if (newsId) await api('DELETE', `/news/delete/${newsId}`);
  await page.close();
});

test.afterEach(() => {
  expect(errors, 'console errors').toEqual([]);
});

test('an editor makes a preview link of a draft in its editor', async () => {
  await page.goto(`/news/update/${newsId}`);
  const panel = page.getByRole('region', { name: 'Preview' });
  await expect(panel.getByText('No live preview links')).toBeVisible();
  await panel.getByLabel('Link lasts').selectOption({ label: '1 day' });
  await panel.getByRole('button', { name: 'Make a preview link' }).click();
  await expectToast(page, 'Preview link made');
  link = await panel.getByRole('textbox', { name: 'Preview link' }).inputValue();
  expect(new URL(link).pathname).toMatch(/^\/preview\/[\w-]{40,}$/);
  await expect(panel.getByRole('table', { name: 'Live preview links' })).toContainText(admin.name);
});

test('a reader with the link sees the unpublished article as its page, marked as a preview', async ({
  browser,
}) => {
  const reader = await browser.newPage();
  const readerErrors = collectErrors(reader);
  const res = await reader.goto(new URL(link).pathname);
  expect(res?.status()).toBe(200);
  expect(res?.headers()['x-robots-tag']).toBe('noindex');
  expect(res?.headers()['cache-control']).toBe('no-store');
  await expect(reader.getByRole('note', { name: 'Preview' })).toContainText('not published');
  await expect(reader.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(reader.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  expect((await reader.request.get(`/news/${slug}`)).status()).toBe(404);
  expect(readerErrors).toEqual([]);
  await reader.close();
});

test('the editor, signed in, opens the link and sees the reader’s page too', async () => {
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole('note', { name: 'Preview' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
});

test('once revoked in the editor, the link stops working', async ({ browser }) => {
  await page.goto(`/news/update/${newsId}`);
  const panel = page.getByRole('region', { name: 'Preview' });
  await panel.getByRole('button', { name: /^Revoke the link that expires / }).click();
  await expectToast(page, 'Preview link revoked');
  await expect(panel.getByText('No live preview links')).toBeVisible();
  const reader = await browser.newPage();
  const res = await reader.goto(new URL(link).pathname);
  expect(res?.status()).toBe(410);
  await expect(reader.getByRole('heading', { name: 'This preview has ended' })).toBeVisible();
  await expect(reader.getByText(title)).toHaveCount(0);
  await reader.close();
});
