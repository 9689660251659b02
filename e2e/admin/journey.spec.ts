import { expect, test, type Page } from '@playwright/test';
import {
  TINY_PNG,
  collectErrors,
  expectToast,
  openSection,
  readOtp,
  readTotal,
  rowWith,
} from './support.ts';

/**
 * The admin's whole journey in one browser page, step by step: each step builds on the one
 * before (the account registered, the records created), so the steps run in order.
 */
test.describe.configure({ mode: 'serial' });

const run = Math.random().toString(36).slice(2, 8);
const admin = { name: 'E2E Admin', email: `e2e-${run}@example.com`, password: 'e2e-password-1' };
const category = `E2E Category ${run}`;
const subName = (n: number) => `E2E Sub ${run} ${String(n).padStart(2, '0')}`;
const article = {
  title: `E2E headline about the river festival ${run}`,
  slug: `e2e-river-festival-${run}`,
  bold: 'Crowds gathered early',
  body: ' along both banks of the river as boats decorated with lights and flowers lined up for the evening procession, which the organisers said drew more visitors than any year before. Local traders reported brisk sales, and volunteers kept the paths clear until late at night.',
};

const reader = {
  fullName: `E2E Reader ${run}`,
  email: 'reader@example.com',
  phone: '9876543210',
  message: 'Please cover the river festival next year as well.',
};

let page: Page;
let errors: string[];
let newsTotalBefore = 0;

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  errors = collectErrors(page);
});

test.afterAll(async () => {
  await page.close();
});

test.afterEach(() => {
  expect(errors, 'console errors during the journey').toEqual([]);
});

async function signIn() {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('button', { name: /Hello Admin/ })).toBeVisible();
  await expect(page).toHaveURL('/');
}

test('registers with the sign-up code, verifies the e-mailed OTP and signs in', async () => {
  await page.goto('/admin/register');
  await page.getByLabel('Name', { exact: true }).fill(admin.name);
  await page.getByLabel('Email', { exact: true }).fill(admin.email);
  await page.getByLabel('Sign-up code', { exact: true }).fill(process.env.E2E_SIGNUP_CODE ?? '');
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByLabel('Confirm Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Register' }).click();

  await expect(page).toHaveURL('/verify-account');
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(admin.email);
  await page.getByLabel('OTP', { exact: true }).fill(await readOtp(admin.email));
  await page.getByRole('button', { name: 'Verify' }).click();

  await expect(page).toHaveURL('/login');
  await signIn();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  newsTotalBefore = await readTotal(page, 'totalNews');
});

test('creates, edits and deletes a category', async () => {
  await openSection(page, 'Category');
  await expect(page.getByRole('heading', { name: 'Category List' })).toBeVisible();
  for (const name of [category, `${category} temp`]) {
    await page.getByRole('button', { name: 'Add Category' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Category' });
    await dialog.getByLabel('Category Name', { exact: true }).fill(name);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog).toBeHidden();
    await expect(rowWith(page, name)).toBeVisible();
  }
  await expectToast(page, 'Category created successfully');

  await rowWith(page, `${category} temp`).getByRole('button', { name: 'Edit' }).click();
  const update = page.getByRole('dialog', { name: 'Update Category' });
  await expect(update.getByLabel('Category Name', { exact: true })).toHaveValue(`${category} temp`);
  await update.getByLabel('Category Name', { exact: true }).fill(`${category} renamed`);
  await update.getByRole('button', { name: 'Update' }).click();
  await expectToast(page, 'Category updated successfully');
  await expect(rowWith(page, `${category} renamed`)).toBeVisible();

  await rowWith(page, `${category} renamed`).getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: 'Delete Category' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expectToast(page, 'Category deleted successfully');
  await expect(rowWith(page, `${category} renamed`)).toHaveCount(0);
});

test('creates sub-categories past one page, pages through them, edits and deletes one', async () => {
  await openSection(page, 'SubCategory');
  await expect(page.getByRole('heading', { name: 'Sub Category Table' })).toBeVisible();
  for (let n = 1; n <= 11; n += 1) {
    await page.getByRole('button', { name: '+ Add SubCategory' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create SubCategory' });
    await expect(dialog.getByRole('option', { name: category })).toBeAttached();
    await dialog.getByLabel('Category', { exact: true }).selectOption({ label: category });
    await dialog.getByLabel('SubCategory Name', { exact: true }).fill(subName(n));
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog).toBeHidden();
  }
  // Newest first: the 11th is on page 1, the 1st has moved to page 2.
  await expect(rowWith(page, subName(11))).toBeVisible();
  await expect(rowWith(page, subName(11)).getByRole('cell', { name: category })).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(11);
  await expect(page.getByRole('button', { name: 'Prev' })).toBeDisabled();
  await expect(page.getByText('Page 1')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Page 2')).toBeVisible();
  await expect(rowWith(page, subName(1))).toBeVisible();
  await expect(page.getByRole('cell', { name: '11', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Prev' })).toBeEnabled();
  // Walk to the last page the server reports (demo sub-categories are there too); Next is off
  // while a page loads, so the number of pages comes from the API, not from the button.
  const total = await page.evaluate(async () => {
    const auth = JSON.parse(window.localStorage.getItem('newsroom:auth') ?? '{}') as {
      accessToken?: string;
    };
    const response = await fetch('/api/v1/subCategory/get-list?page=1&limit=10', {
      headers: { authorization: `Bearer ${auth.accessToken ?? ''}` },
    });
    return ((await response.json()) as { count: number }).count;
  });
  const lastPage = Math.ceil(total / 10);
  for (let current = 3; current <= lastPage; current += 1) {
    await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText(`Page ${current}`)).toBeVisible();
  }
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await page.getByRole('button', { name: 'Prev' }).click();

  await openSection(page, 'Dashboard');
  await openSection(page, 'SubCategory');
  await expect(page.getByText('Page 1')).toBeVisible();
  await rowWith(page, subName(11)).getByRole('button', { name: 'Edit' }).click();
  const update = page.getByRole('dialog', { name: 'Update SubCategory' });
  await expect(update.getByLabel('Category', { exact: true }).locator('option').first()).toHaveText(
    category,
  );
  await update.getByLabel('SubCategory Name', { exact: true }).fill(`${subName(11)} edited`);
  await update.getByRole('button', { name: 'Update' }).click();
  await expectToast(page, 'Sub-category updated successfully');
  await expect(rowWith(page, `${subName(11)} edited`)).toBeVisible();

  await rowWith(page, `${subName(11)} edited`)
    .getByRole('button', { name: 'Delete' })
    .click();
  await page
    .getByRole('dialog', { name: 'Delete SubCategory' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expectToast(page, 'Sub-category deleted successfully');
  await expect(rowWith(page, `${subName(11)} edited`)).toHaveCount(0);
});

for (const entity of [
  {
    section: 'Anchor',
    label: 'Anchor',
    article: 'an',
    add: '+ Add Anchor',
    heading: 'Anchors List',
  },
  {
    section: 'Publisher',
    label: 'Publisher',
    article: 'a',
    add: '+ Add Publisher',
    heading: 'Publisher Table',
  },
]) {
  test(`creates, edits and deletes ${entity.article} ${entity.label.toLowerCase()}`, async () => {
    const name = `E2E ${entity.label} ${run}`;
    await openSection(page, entity.section);
    await expect(page.getByRole('heading', { name: entity.heading })).toBeVisible();
    await page.getByRole('button', { name: entity.add }).click();
    const create = page.getByRole('dialog', { name: `Create ${entity.label}` });
    await create.getByRole('button', { name: 'Create' }).click();
    await expect(create.getByText('name is required')).toBeVisible();
    await create.getByLabel(`${entity.label} Name`).fill(name);
    await create.getByRole('button', { name: 'Create' }).click();
    await expectToast(page, `${entity.label} created successfully`);

    await rowWith(page, name).getByRole('button', { name: 'Edit' }).click();
    const update = page.getByRole('dialog', { name: `Update ${entity.label}` });
    await update.getByLabel(`${entity.label} Name`).fill(`${name} edited`);
    await update.getByRole('button', { name: 'Update' }).click();
    await expectToast(page, `${entity.label} updated successfully`);

    await rowWith(page, `${name} edited`).getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: `Delete ${entity.label}` })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expectToast(page, `${entity.label} deleted successfully`);
    await expect(rowWith(page, `${name} edited`)).toHaveCount(0);
  });
}

test('adds a news article with an image, three tags and bold text', async () => {
  await openSection(page, 'Add News');
  const form = page.getByRole('form', { name: 'Add news' });
  await form.getByLabel('Title', { exact: true }).fill(article.title);
  await form.getByLabel('Slug', { exact: true }).fill(article.slug);
  const editor = form.getByRole('textbox', { name: 'Description', exact: true });
  await editor.click();
  await form.locator('.ql-toolbar button.ql-bold').click();
  await page.keyboard.type(article.bold);
  await form.locator('.ql-toolbar button.ql-bold').click();
  await page.keyboard.type(article.body);
  await expect(editor.locator('strong')).toHaveText(article.bold);
  await form
    .getByLabel('Meta Description', { exact: true })
    .fill('Boats, lights and crowds at the river festival');
  await form.getByLabel('Alt Text', { exact: true }).fill('Boats on the river');
  for (const tag of ['festival', 'river', 'boats']) {
    await form.getByLabel('Tags', { exact: true }).fill(tag);
    await form.getByLabel('Tags', { exact: true }).press('Enter');
  }
  await form.getByLabel('Tags', { exact: true }).fill('fourth');
  await form.getByLabel('Tags', { exact: true }).press('Enter');
  await expect(form.getByText('max 3 tags allowed')).toBeVisible();
  await form.getByLabel('Category', { exact: true }).selectOption({ label: category });
  await form.getByLabel('Sub Category', { exact: true }).selectOption({ label: subName(1) });
  await form.getByLabel('Publisher', { exact: true }).selectOption({ index: 1 });
  await form.getByLabel('Anchor', { exact: true }).selectOption({ index: 1 });
  await form
    .getByLabel('Image', { exact: true })
    .setInputFiles({ name: 'river.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expect(form.getByRole('img', { name: 'Boats on the river' })).toBeVisible();
  await expect(form.getByRole('switch', { name: 'Status' })).toHaveAttribute(
    'aria-checked',
    'true',
  );

  await form.getByRole('button', { name: 'Add News' }).click();
  await expectToast(page, 'News created successfully');
  await expect(form.getByLabel('Title', { exact: true })).toHaveValue('');
  await expect(form.getByRole('list', { name: 'Tags added' })).toHaveCount(0);
  await expect(form.locator('img')).toHaveCount(0);
});

test('signs out and finds the article on the public home and its page', async () => {
  await page.getByRole('button', { name: /Hello Admin/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: /Hello Admin/ })).toHaveCount(0);
  expect(await page.evaluate(() => window.localStorage.getItem('newsroom:auth'))).toBeNull();

  await expect(page.getByRole('link', { name: article.title }).first()).toBeVisible();
  await page.goto(`/news/${article.slug}`);
  await expect(page.getByRole('heading', { name: article.title, level: 1 })).toBeVisible();
  await expect(page.locator('strong', { hasText: article.bold }).first()).toBeVisible();
});

test('sends a message from the public contact page while signed out', async () => {
  await page.goto('/contact-us');
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByLabel('Full name').fill(reader.fullName);
  await form.getByLabel('Email').fill(reader.email);
  await form.getByLabel('Phone').fill(reader.phone);
  await form.getByLabel('Message').fill(reader.message);
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByRole('status')).toBeVisible();
});

test('signs in, edits the article from the news table (also after a reload), and deletes it', async () => {
  await signIn();
  await expect.poll(() => readTotal(page, 'totalNews')).toBe(newsTotalBefore + 1);

  await openSection(page, 'News Table');
  await page.getByRole('button', { name: `Edit ${article.title}` }).click();
  await expect(page).toHaveURL(/\/news\/update\//);
  await page.reload();
  const form = page.getByRole('form', { name: 'Update news' });
  await expect(form.getByLabel('Title', { exact: true })).toHaveValue(article.title);
  await expect(form.getByLabel('Category', { exact: true }).locator('option:checked')).toHaveText(
    category,
  );
  await expect(
    form.getByLabel('Sub Category', { exact: true }).locator('option:checked'),
  ).toHaveText(subName(1));
  await expect(form.getByRole('list', { name: 'Tags added' }).getByRole('listitem')).toHaveCount(3);
  await expect(
    form.getByRole('textbox', { name: 'Description', exact: true }).locator('strong'),
  ).toHaveText(article.bold);
  await form.getByLabel('Title', { exact: true }).fill(`${article.title} updated`);
  await form.getByRole('button', { name: 'Update News' }).click();
  await expectToast(page, 'News updated successfully');
  await expect(page).toHaveURL('/newsTable');

  const edited = `${article.title} updated`;
  await page.getByRole('button', { name: `Delete ${edited}` }).click();
  await page
    .getByRole('dialog', { name: 'Delete News' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expectToast(page, 'News deleted successfully');
  await expect(page.getByRole('button', { name: `Delete ${edited}` })).toHaveCount(0);

  await openSection(page, 'Dashboard');
  await expect.poll(() => readTotal(page, 'totalNews')).toBe(newsTotalBefore);
});

test('shows the message sent from the public contact page in Contact Details', async () => {
  await openSection(page, 'Contact Details');
  await expect(page.getByRole('heading', { name: 'Contact Details' })).toBeVisible();
  const row = rowWith(page, reader.fullName);
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell', { name: `${reader.message.slice(0, 30)}...` })).toBeVisible();
  await expect(row.getByRole('cell', { name: reader.phone })).toBeVisible();
});

test('a signed-in admin opening /login lands on the dashboard, then logs out', async () => {
  await page.goto('/login');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  await page.getByRole('button', { name: /Hello Admin/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: /Hello Admin/ })).toHaveCount(0);
  expect(await page.evaluate(() => window.localStorage.getItem('newsroom:auth'))).toBeNull();
  // Signed out, the sign-in screen is offered again instead of the dashboard.
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});
