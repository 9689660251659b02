import { expect, test, type APIRequestContext } from '@playwright/test';
import type { ApiEnvelope, CategoryDto, NewsDto, Ref } from '@newsroom/contract';
import { adminToken, apiGet, collectErrors } from './support.ts';

/** URLs that never break (decision 084): a changed slug, a renamed category, a deleted article. */
test.describe.configure({ mode: 'serial' });

const TITLE = 'Harbour bridge reopens after repairs';
const DESCRIPTION = `<p>${'The harbour bridge reopened this morning after six weeks of repairs. '.repeat(4)}</p>`;
let article: NewsDto;
let desk: { categoryId: string; subCategoryId: string };

async function asAdmin<T>(request: APIRequestContext, method: string, path: string, data?: object) {
  const bearer = await adminToken(request);
  const response = await request.fetch(`/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${bearer}` },
    ...(data ? { data } : {}),
  });
  expect(response.status(), `${method} ${path}`).toBe(200);
  return ((await response.json()) as ApiEnvelope<T>).data;
}

const articleFields = (slug: string) => ({
  title: TITLE,
  slug,
  metaDescription: 'The harbour bridge is open again.',
  description: DESCRIPTION,
  alt: 'The harbour bridge',
  tags: ['harbour'],
  videoURL: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  status: true,
  categoryId: desk.categoryId,
  subCategoryId: desk.subCategoryId,
  publisherId: '',
  anchorId: '',
});

test.beforeAll(async ({ request }) => {
  const category = await asAdmin<CategoryDto>(request, 'POST', '/category/create', {
    name: 'Harbour Desk',
  });
  const sub = await asAdmin<Ref>(request, 'POST', '/subCategory/create', {
    name: 'Bridges',
    categoryId: category._id,
  });
  desk = { categoryId: category._id, subCategoryId: sub._id };
  const publishers = await asAdmin<Ref[]>(request, 'GET', '/publisher/get');
  const publisherId = publishers[0]?._id ?? '';
  article = await asAdmin<NewsDto>(request, 'POST', '/news/create', {
    ...articleFields('harbour-bridge-first'),
    publisherId,
  });
  for (const slug of ['harbour-bridge-second', 'harbour-bridge-reopens']) {
    article = await asAdmin<NewsDto>(request, 'PUT', `/news/update/${article._id}`, {
      ...articleFields(slug),
      publisherId,
    });
  }
});

test.afterAll(async ({ request }) => {
  await asAdmin(request, 'DELETE', `/subCategory/delete/${desk.subCategoryId}`);
  await asAdmin(request, 'DELETE', `/category/delete/${desk.categoryId}`);
});

test('an old article link lands on the current address, query and all', async ({ page }) => {
  const errors = collectErrors(page);
  // A page elsewhere that still links to the article's first address.
  await page.goto('/about-us');
  await page.setContent(
    `<a href="${new URL('/news/harbour-bridge-first?from=mail', page.url()).href}">Old link</a>`,
  );
  const landing = page.waitForResponse((response) => response.url().includes('bridge-reopens'));
  await page.getByRole('link', { name: 'Old link' }).click();
  const response = await landing;
  expect(response.request().redirectedFrom()?.url()).toContain('/news/harbour-bridge-first');
  await expect(page).toHaveURL('/news/harbour-bridge-reopens?from=mail');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TITLE);
  const second = await page.goto('/news/harbour-bridge-second');
  expect(second?.request().redirectedFrom()?.url()).toContain('/news/harbour-bridge-second');
  await expect(page).toHaveURL('/news/harbour-bridge-reopens');
  expect(errors).toEqual([]);
});

test('a renamed category’s old pages land on its new ones', async ({ page }) => {
  await asAdmin(page.request, 'PUT', `/category/update/${desk.categoryId}`, { name: 'Port Desk' });
  await page.goto('/harbour-desk/bridges');
  await expect(page).toHaveURL('/port-desk/bridges');
  await expect(page).toHaveTitle(/^Bridges News/);
  await expect(page.getByRole('heading', { name: TITLE })).toBeVisible();
  const feed = await page.request.get('/harbour-desk/bridges/rss.xml', { maxRedirects: 0 });
  expect(feed.status()).toBe(301);
  expect(feed.headers().location).toBe('/port-desk/bridges/rss.xml');
  expect((await page.request.get('/harbour-desk/rss.xml')).status()).toBe(200);
});

test('a deleted article’s page says it was removed, with status 410', async ({ page }) => {
  await asAdmin(page.request, 'DELETE', `/news/delete/${article._id}`);
  for (const slug of ['harbour-bridge-reopens', 'harbour-bridge-first']) {
    const response = await page.goto(`/news/${slug}`);
    expect(response?.status()).toBe(410);
    await expect(page.getByRole('heading', { name: '410' })).toBeVisible();
    await expect(
      page.getByText('This article has been removed and is no longer available.'),
    ).toBeVisible();
    expect((await page.request.get(`/api/v1/u/news/${slug}`)).status()).toBe(404);
  }
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL('/');
  const home = await apiGet<NewsDto[]>(page.request, '/u/get?page=1&limit=6');
  expect(home.data.map((news) => news.title)).not.toContain(TITLE);
});
