import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import {
  collectErrors,
  expectToast,
  openSection,
  sharedAdmin,
  signIn,
  tokenOf,
} from './support.ts';

/**
 * Corrections in the open (decision 112), in a real browser: an editor adds a correction to a
 * published article from its editor's Corrections panel; readers see it on the article's page
 * with "Updated", in the page's NewsArticle JSON-LD as a CorrectionComment, and on /corrections
 * with a link back to the article; an amendment shows there too and keeps the earlier text.
 */
test.describe.configure({ mode: 'serial' });

const run = Math.random().toString(36).slice(2, 8);
const FIRST = `The ferry leaves at 7:10, not 7:40 as an earlier version said (${run}).`;
const AMENDED = `The ferry leaves at 7:10 from pier 2, not 7:40 as an earlier version said (${run}).`;

let browser: Browser;
let page: Page;
let errors: string[];
const title = `Ferry times change at the harbour ${run}`;
const slug = `ferry-times-${run}`;
let token = '';
let newsId = '';

/** An admin call of this test, answered 200; its `data`. */
async function api<T>(
  request: APIRequestContext,
  method: 'get' | 'post',
  path: string,
  data?: object,
) {
  const res = await request[method](`/api/v1${path}`, {
    headers: { authorization: `Bearer ${token}` },
    ...(data ? { data } : {}),
  });
  expect(res.status(), `${method} ${path}: ${await res.text()}`).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

test.beforeAll(async ({ browser: opened, request }) => {
  browser = opened;
  page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  errors = collectErrors(page);
  await signIn(page, await sharedAdmin(request));
  token = await tokenOf(page);
  // A published article of its own, so the demo articles the reader tests read stay as they are.
  const [category] = await api<{ _id: string }[]>(request, 'get', '/category/get');
  const [publisher] = await api<{ _id: string }[]>(request, 'get', '/publisher/get');
  const created = await api<{ _id: string }>(request, 'post', '/news/create', {
    title,
    slug,
    description: `<p>${'The harbour office changed the ferry times after the storm. '.repeat(4)}</p>`,
    metaDescription: 'New ferry times after the storm',
    alt: 'The ferry at the pier',
    tags: ['harbour'],
    videoURL: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    status: true,
    categoryId: category?._id,
    publisherId: publisher?._id,
  });
  newsId = created._id;
});

test.afterAll(async ({ request }) => {
  // The article goes (its notes stay for the staff, out of every public list).
  if (newsId) {
    await request.delete(`/api/v1/news/delete/${newsId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
  }
  await page.close();
});

test.afterEach(() => {
  expect(errors, 'console errors').toEqual([]);
});

/** The site as a reader sees it: a browser context without the admin's session. */
async function asReader<T>(work: (reader: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext();
  const reader = await context.newPage();
  const readerErrors = collectErrors(reader);
  try {
    const result = await work(reader);
    expect(readerErrors, 'reader console errors').toEqual([]);
    return result;
  } finally {
    await context.close();
  }
}

test('an editor adds a correction to a published article from its editor', async () => {
  await openSection(page, 'News Table');
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  const form = page.getByRole('form', { name: 'Update news' });
  await expect(form.getByLabel('Slug', { exact: true })).toHaveValue(slug);

  const panel = page.getByRole('region', { name: 'Corrections and updates' });
  await panel.getByRole('radio', { name: 'Correction' }).check();
  await panel.getByLabel('Text', { exact: true }).fill(FIRST);
  await panel.getByRole('button', { name: 'Add correction' }).click();
  await expectToast(page, 'Correction added successfully');
  await expect(panel.getByRole('list', { name: 'Notes' })).toContainText(FIRST);
});

test('the correction shows on the article page, with "Updated", and in its JSON-LD', async () => {
  await asReader(async (reader) => {
    await reader.goto(`/news/${slug}`);
    await expect(reader.getByRole('heading', { level: 1 })).toHaveText(title);
    const notes = reader.getByRole('region', { name: 'Corrections and updates' });
    await expect(notes).toContainText('Correction');
    await expect(notes).toContainText(FIRST);
    await expect(reader.getByRole('link', { name: /^Updated / })).toBeVisible();
    const data = (await reader.locator('script[type="application/ld+json"]').allTextContents()).map(
      (text) => JSON.parse(text) as Record<string, unknown>,
    );
    const article = data.find((item) => item['@type'] === 'NewsArticle');
    expect(article?.correction).toEqual([
      expect.objectContaining({ '@type': 'CorrectionComment', text: FIRST }),
    ]);
    const [comment] = article?.correction as { datePublished: string }[];
    expect(article?.dateModified).toBe(comment?.datePublished);
  });
});

test('the correction is listed on /corrections with a link to its article', async () => {
  await asReader(async (reader) => {
    await reader.goto('/corrections');
    await expect(reader.getByRole('heading', { level: 1 })).toHaveText('Corrections and updates');
    const item = reader
      .getByRole('list', { name: 'Corrections and updates' })
      .getByRole('listitem')
      .filter({ hasText: FIRST });
    await expect(item).toHaveCount(1);
    await item.getByRole('link', { name: title }).click();
    await expect(reader).toHaveURL(`/news/${slug}`);
    const feed = await reader.request.get('/corrections/rss.xml');
    expect(feed.status()).toBe(200);
    expect(await feed.text()).toContain(FIRST);
  });
});

test('an amendment replaces the text for readers and keeps the earlier one for the staff', async () => {
  const panel = page.getByRole('region', { name: 'Corrections and updates' });
  await panel.getByRole('button', { name: 'Amend' }).click();
  await panel.getByLabel('New text', { exact: true }).fill(AMENDED);
  await panel.getByRole('button', { name: 'Save amendment' }).click();
  await expectToast(page, 'Note amended successfully');
  await expect(panel.getByRole('list', { name: 'Notes' })).toContainText(AMENDED);
  await panel.getByText('Earlier texts (1)').click();
  await expect(panel.getByRole('list', { name: 'Earlier texts' })).toContainText(FIRST);
  await asReader(async (reader) => {
    await reader.goto(`/news/${slug}`);
    const notes = reader.getByRole('region', { name: 'Corrections and updates' });
    await expect(notes).toContainText(AMENDED);
    await expect(notes).not.toContainText(FIRST);
  });
});
