import { expect, test, type Browser, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { collectErrors, newPage, registerAdmin } from './support.ts';

/**
 * Two-factor sign-in in the browser: an admin turns it on from the Security screen (the code is
 * made here from the key the screen shows, as an authenticator app would), signs out, signs in
 * with a code and then with a recovery code, and signs another session out from the list. Steps
 * build on each other, so they run in order.
 */
test.describe.configure({ mode: 'serial' });

const run = Math.random().toString(36).slice(2, 8);
const admin = {
  name: 'Secure Admin',
  email: `secure-admin-${run}@example.com`,
  password: 'e2e-password-2',
};

let page: Page;
let secret = '';
let recoveryCodes: string[] = [];
let errors: string[];

/** The code the app shows `stepsAhead` steps of 30 s from now (the server takes ±1 step). */
function code(stepsAhead = 0): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    timestamp: Date.now() + stepsAhead * 30_000,
  });
}

async function enterPassword(on: Page) {
  await on.goto('/login');
  await on.getByLabel('Email', { exact: true }).fill(admin.email);
  await on.getByLabel('Password', { exact: true }).fill(admin.password);
  await on.getByRole('button', { name: 'Login' }).click();
}

async function signOut(on: Page) {
  await on.getByRole('button', { name: /Hello Admin/ }).click();
  await on.getByRole('menuitem', { name: 'Logout' }).click();
  // Signed out, the page is the reader site's home again.
  await expect(on).toHaveURL('/');
  await expect(on.getByRole('button', { name: /Hello Admin/ })).toHaveCount(0);
}

test.beforeAll(async ({ browser, request }) => {
  await registerAdmin(request, admin);
  page = await newPage(browser);
  errors = collectErrors(page);
});

test.afterAll(async () => {
  await page.context().close();
});

test('an admin turns two-factor sign-in on from the Security screen', async () => {
  await enterPassword(page);
  await expect(page.getByRole('button', { name: /Hello Admin/ })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Security' })
    .click();
  await expect(page.getByRole('heading', { name: 'Security', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();

  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  secret = (await page.locator('[data-secret]').innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByLabel('Code from the app').fill(code());
  await page.getByRole('button', { name: 'Confirm and turn on' }).click();

  const list = page.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  recoveryCodes = await list.getByRole('listitem').allInnerTexts();
  await expect(page.getByText(/shown only this once/)).toBeVisible();
  await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
  await expect(page.getByText('On.', { exact: true })).toBeVisible();
  expect(errors).toEqual([]);
});

test('signed out, the admin signs in with the password and a code of the app', async () => {
  await signOut(page);
  await enterPassword(page);
  const field = page.getByLabel('Authentication code');
  await expect(field).toBeFocused();
  // The code of the next step: the one that turned it on may not be used again.
  await field.fill(code(1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('button', { name: /Hello Admin/ })).toBeVisible();
  expect(errors).toEqual([]);
});

test('signed out again, the admin signs in with a recovery code, which then works no more', async () => {
  await signOut(page);
  await enterPassword(page);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCodes[0] ?? '');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('button', { name: /Hello Admin/ })).toBeVisible();

  const other = await newPage(page.context().browser() as Browser);
  await enterPassword(other);
  await other.getByRole('button', { name: 'Use a recovery code' }).click();
  await other.getByLabel('Recovery code').fill(recoveryCodes[0] ?? '');
  await other.getByRole('button', { name: 'Verify' }).click();
  await expect(other.getByRole('alert')).toContainText('recovery code is not right');
  await other.context().close();
});

test('the admin signs another session out from the list, which is signed out at its next call', async () => {
  const other = await newPage(page.context().browser() as Browser);
  await enterPassword(other);
  await other.getByRole('button', { name: 'Use a recovery code' }).click();
  await other.getByLabel('Recovery code').fill(recoveryCodes[1] ?? '');
  await other.getByRole('button', { name: 'Verify' }).click();
  await expect(other.getByRole('button', { name: /Hello Admin/ })).toBeVisible();

  await page.goto('/security');
  const table = page.getByRole('table', { name: 'Your signed-in sessions' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByText('This device')).toHaveCount(1);
  const others = table.getByRole('button', { name: /^Sign out / });
  await expect(others).toHaveCount(1);
  await others.click();
  await expect(table.getByRole('row')).toHaveCount(2);

  await other
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Staff' })
    .click();
  await expect(other).toHaveURL('/login');
  await other.context().close();
  expect(errors).toEqual([]);
});
