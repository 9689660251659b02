import { expect, test, type Browser, type Page } from '@playwright/test';
import { collectErrors, expectToast, openSection, sharedAdmin, signIn } from './support.ts';

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
let slug = '';
let title = '';

test.beforeAll(async ({ browser: opened, request }) => {
  browser = opened;
  page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  errors = collectErrors(page);
  await signIn(page, await sharedAdmin(request));
});

test.afterAll(async () => {
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
  const active = page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: 'Active', exact: true }) })
    .first();
  const edit = active.getByRole('button', { name: /^Edit / });
  title = ((await edit.getAttribute('aria-label')) ?? '').replace(/^Edit /, '');
  await edit.click();
  const form = page.getByRole('form', { name: 'Update news' });
  await expect(form.getByLabel('Slug', { exact: true })).not.toHaveValue('');
  slug = await form.getByLabel('Slug', { exact: true }).inputValue();

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
