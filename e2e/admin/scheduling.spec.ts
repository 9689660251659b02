import { expect, test, type Page } from '@playwright/test';
import { collectErrors, expectToast, openSection, readOtp } from './support.ts';

/**
 * The editor's publish control in a real browser, in the site's zone (Asia/Kolkata by default):
 * an article scheduled at a wall-clock time shows that time in the news table, is not public
 * until then, and opens again with the same time; "Publish now" brings it back at once.
 */
test.describe.configure({ mode: 'serial' });

const run = Math.random().toString(36).slice(2, 8);
const admin = {
  name: 'Scheduling Admin',
  email: `sched-${run}@example.com`,
  password: 'e2e-password-2',
};

let page: Page;
let errors: string[];
let slug = '';
let title = '';

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  errors = collectErrors(page);
  await page.goto('/admin/register');
  await page.getByLabel('Name', { exact: true }).fill(admin.name);
  await page.getByLabel('Email', { exact: true }).fill(admin.email);
  await page.getByLabel('Sign-up code', { exact: true }).fill(process.env.E2E_SIGNUP_CODE ?? '');
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByLabel('Confirm Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL('/verify-account');
  await page.getByLabel('OTP', { exact: true }).fill(await readOtp(admin.email));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/login');
  await page.getByLabel('Email', { exact: true }).fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('button', { name: /Hello Admin/ })).toBeVisible();
});

test.afterAll(async () => {
  await page.close();
});

test.afterEach(() => {
  expect(errors, 'console errors').toEqual([]);
});

const publicStatus = async () => (await page.request.get(`/api/v1/u/news/${slug}`)).status();

test('schedules an article at a time in Asia/Kolkata and shows that time in the table', async () => {
  await openSection(page, 'News Table');
  // The newest active, published article (the status dot reads Active or Inactive to screen
  // readers; the stage says whether it is out).
  const active = page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: 'Active', exact: true }) })
    .filter({ has: page.getByTestId('stage').getByText('Published', { exact: true }) })
    .first();
  const firstEdit = active.getByRole('button', { name: /^Edit / });
  title = ((await firstEdit.getAttribute('aria-label')) ?? '').replace(/^Edit /, '');
  await firstEdit.click();
  const form = page.getByRole('form', { name: 'Update news' });
  await expect(form.getByLabel('Slug', { exact: true })).not.toHaveValue('');
  slug = await form.getByLabel('Slug', { exact: true }).inputValue();
  expect(await publicStatus()).toBe(200);

  await form.getByRole('radio', { name: 'Schedule at' }).check();
  await form.getByLabel('Publish at (Asia/Kolkata)').fill('2031-03-04T10:30');
  await form.getByRole('button', { name: 'Update News' }).click();
  await expectToast(page, 'News updated successfully');
  await expect(page).toHaveURL('/newsTable');

  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: `Edit ${title}` }) });
  await expect(row).toContainText('Scheduled Mar 4, 2031, 10:30 AM');
  expect(await publicStatus()).toBe(404);
});

test('opens the scheduled article with the same local time, and publishes it now', async () => {
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  const form = page.getByRole('form', { name: 'Update news' });
  await expect(form.getByRole('radio', { name: 'Schedule at' })).toBeChecked();
  await expect(form.getByLabel('Publish at (Asia/Kolkata)')).toHaveValue('2031-03-04T10:30');

  await form.getByRole('radio', { name: 'Publish now' }).check();
  await form.getByRole('button', { name: 'Update News' }).click();
  await expectToast(page, 'News updated successfully');
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: `Edit ${title}` }) });
  await expect(row).not.toContainText('Scheduled');
  expect(await publicStatus()).toBe(200);
  await openSection(page, 'Dashboard');
});
