import { expect, test, type Page } from '@playwright/test';
import { collectErrors, invitationLink, newPage, registerAdmin } from './support.ts';

/**
 * The staff, in the browser: an admin invites a contributor, who follows the mailed link, joins,
 * and sees only what a contributor may do; suspended, their open tab is signed out at its next
 * call. Steps build on each other, so they run in order.
 */
test.describe.configure({ mode: 'serial' });

const run = Math.random().toString(36).slice(2, 8);
const admin = {
  name: 'Staff Admin',
  email: `staff-admin-${run}@example.com`,
  password: 'e2e-password-1',
};
const invited = {
  name: 'Kiran Contributor',
  email: `kiran-${run}@example.com`,
  password: 'kiran-pass-1',
};

let adminPage: Page;
let contributorPage: Page;
let errors: string[];

test.beforeAll(async ({ browser, request }) => {
  await registerAdmin(request, admin);
  adminPage = await newPage(browser);
  contributorPage = await newPage(browser);
  errors = collectErrors(adminPage);
});

test.afterAll(async () => {
  await adminPage.context().close();
  await contributorPage.context().close();
});

test('an admin invites a contributor from the staff screen', async () => {
  await adminPage.goto('/login');
  await adminPage.getByLabel('Email', { exact: true }).fill(admin.email);
  await adminPage.getByLabel('Password', { exact: true }).fill(admin.password);
  await adminPage.getByRole('button', { name: 'Login' }).click();
  await expect(adminPage.getByRole('button', { name: /Hello Admin/ })).toBeVisible();

  await adminPage
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Staff' })
    .click();
  await expect(adminPage.getByRole('heading', { name: 'Staff' })).toBeVisible();
  await adminPage.getByRole('button', { name: 'Invite someone' }).click();
  const dialog = adminPage.getByRole('dialog', { name: 'Invite someone' });
  await dialog.getByLabel('E-mail').fill(invited.email);
  await dialog.getByLabel('Role').selectOption('contributor');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  const pending = adminPage.getByRole('table', { name: 'Pending invitations' });
  await expect(pending.getByRole('cell', { name: invited.email })).toBeVisible();
  expect(errors).toEqual([]);
});

test('the contributor follows the mailed link, joins, and sees a contributor’s back office', async () => {
  await contributorPage.goto(await invitationLink(invited.email));
  await contributorPage.getByLabel('Name').fill(invited.name);
  await contributorPage.getByLabel('Password', { exact: true }).fill(invited.password);
  await contributorPage.getByLabel('Confirm password').fill(invited.password);
  await contributorPage.getByRole('button', { name: 'Join' }).click();
  await expect(contributorPage.getByRole('button', { name: /Hello Contributor/ })).toBeVisible();
  // No dashboard for a contributor: the back office opens on the news table.
  await expect(contributorPage).toHaveURL('/newsTable');
  const sidebar = contributorPage.getByRole('navigation', { name: 'Admin' });
  await expect(sidebar.getByRole('link')).toHaveText([
    /News Table/,
    /My desk/,
    /Add News/,
    /Profile/,
    /Security/,
  ]);

  await sidebar.getByRole('link', { name: /Add News/ }).click();
  const publishing = contributorPage.getByRole('group', { name: 'Publishing' });
  await expect(publishing.getByRole('radio', { name: 'Save as draft' })).toBeChecked();
  // A draft or sent to review, never published (decision 106).
  await expect(publishing.getByRole('radio')).toHaveCount(2);

  await contributorPage.goto('/category');
  await expect(
    contributorPage.getByRole('heading', { name: 'Not available to your role' }),
  ).toBeVisible();
});

test('suspended, the contributor’s open tab is signed out at its next call', async () => {
  await adminPage.reload();
  const row = adminPage.getByRole('row', { name: new RegExp(invited.name) });
  await row.getByRole('button', { name: 'Suspend' }).click();
  await expect(row.getByRole('button', { name: 'Reactivate' })).toBeVisible();

  await contributorPage
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: /News Table/ })
    .click();
  await expect(contributorPage).toHaveURL('/login');
  await contributorPage.getByLabel('Email', { exact: true }).fill(invited.email);
  await contributorPage.getByLabel('Password', { exact: true }).fill(invited.password);
  await contributorPage.getByRole('button', { name: 'Login' }).click();
  await expect(contributorPage.getByRole('alert')).toContainText('suspended');
});
