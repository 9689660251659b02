import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { ApiEnvelope, CategoryDto, NewsDto, Ref } from '@newsroom/contract';
import { adminToken } from './support.ts';

/**
 * The archive of a long live page without JavaScript (decision 115): the page is rendered on the
 * server, 20 entries newest first, and "Older entries" leads to real addresses down to the first.
 */
test.describe.configure({ mode: 'serial' });
test.use({ javaScriptEnabled: false });

const ENTRIES = 45;
let article: NewsDto;
let keyEventId: string;

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

test.beforeAll(async ({ request }) => {
  const categories = (await (await request.get('/api/v1/u/category-list')).json()) as ApiEnvelope<
    CategoryDto[]
  >;
  const publishers = await asAdmin<Ref[]>(request, 'GET', '/publisher/get');
  article = await asAdmin<NewsDto>(request, 'POST', '/news/create', {
    title: 'Storm over the coast, as it happens',
    slug: `storm-live-${Date.now()}`,
    metaDescription: 'Live coverage of the storm over the coast.',
    description: `<p>${'The storm reached the coast this evening. '.repeat(6)}</p>`,
    alt: 'Waves on the coast',
    tags: ['storm'],
    videoURL: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    status: true,
    categoryId: categories.data[0]?._id ?? '',
    subCategoryId: '',
    publisherId: publishers[0]?._id ?? '',
    anchorId: '',
    live: true,
  });
  for (let n = 1; n <= ENTRIES; n++) {
    const entry = await asAdmin<{ _id: string }>(request, 'POST', `/news/${article._id}/live`, {
      text: `<p>Storm update number ${n}</p>`,
      keyEvent: n === 3,
    });
    if (n === 3) keyEventId = entry._id;
  }
});

test.afterAll(async ({ request }) => {
  await asAdmin(request, 'DELETE', `/news/delete/${article._id}`);
});

const entries = (page: Page) => page.getByRole('list', { name: 'Entries' }).getByRole('listitem');

test('pages through every entry by its links, newest first, without JavaScript', async ({
  page,
}) => {
  await page.goto(`/news/${article.slug}`);
  await expect(page.getByRole('heading', { name: 'Live coverage' })).toBeVisible();
  await expect(entries(page)).toHaveCount(20);
  await expect(entries(page).first()).toContainText('Storm update number 45');
  await expect(entries(page).last()).toContainText('Storm update number 26');

  await page.getByRole('link', { name: 'Older entries' }).click();
  await expect(page).toHaveURL(/\?before=/);
  await expect(entries(page)).toHaveCount(20);
  await expect(entries(page).first()).toContainText('Storm update number 25');

  await page.getByRole('link', { name: 'Older entries' }).click();
  await expect(entries(page)).toHaveCount(5);
  await expect(entries(page).last()).toContainText('Storm update number 1');
  await expect(page.getByRole('link', { name: 'Older entries' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Latest entries' }).click();
  await expect(page).toHaveURL(`/news/${article.slug}`);
  await expect(entries(page).first()).toContainText('Storm update number 45');
});

test('leads from a key event at the top to its entry on the page that holds it', async ({
  page,
}) => {
  await page.goto(`/news/${article.slug}`);
  const keyEvents = page.getByRole('navigation', { name: 'Key events' });
  await keyEvents.getByRole('link', { name: /Storm update number 3/ }).click();
  await expect(page).toHaveURL(new RegExp(`from=${keyEventId}#live-${keyEventId}$`));
  await expect(page.locator(`#live-${keyEventId}`)).toContainText('Storm update number 3');
  await expect(page.locator(`#live-${keyEventId}`)).toContainText('Key event');
});
