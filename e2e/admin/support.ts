import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  expect,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test';

/** A 1×1 PNG: small, and a real image by its bytes (the server checks them). */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * The mails the site sent to `email` over SMTP, newest first, as its mail program would show them
 * (quoted-printable soft breaks undone), waiting a little for one to arrive.
 */
export async function mailsTo(email: string): Promise<string[]> {
  const reader = process.env.E2E_MAIL_URL;
  if (!reader) throw new Error('E2E_MAIL_URL is not set; run through playwright.config.ts');
  for (let attempt = 0; attempt < 50; attempt++) {
    const response = await fetch(`${reader}/messages?to=${encodeURIComponent(email)}`);
    const messages = (await response.json()) as { raw: string }[];
    if (messages.length > 0) {
      return messages.map(({ raw }) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='));
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No mail to ${email} reached the mail server`);
}

/** The verification code of the newest mail to `email` that holds one. */
export async function readOtp(email: string): Promise<string> {
  for (const text of await mailsTo(email)) {
    const code = /verification code is:\s*(\d{6})/.exec(text)?.[1];
    if (code) return code;
  }
  throw new Error(`No verification code in the mail to ${email}`);
}

/** The invitation link of the newest invitation mailed to `email`. */
export async function invitationLink(email: string): Promise<string> {
  for (const text of await mailsTo(email)) {
    const link = /https?:\/\/\S+?\/accept-invitation\?token=[A-Za-z0-9_-]+/.exec(text)?.[0];
    if (link) return link;
  }
  throw new Error(`No invitation link in the mail to ${email}`);
}

/**
 * Registers an admin with the sign-up code and verifies the account with the code mailed to it,
 * as the journey does it through the screens.
 */
export async function registerAdmin(
  request: APIRequestContext,
  admin: { name: string; email: string; password: string },
) {
  const signup = await request.post('/api/v1/auth/admin/signup', {
    data: { ...admin, code: process.env.E2E_SIGNUP_CODE, confirmPassword: admin.password },
  });
  expect(signup.status()).toBe(200);
  const code = await readOtp(admin.email);
  const verify = await request.post('/api/v1/auth/verify', { data: { email: admin.email, code } });
  expect(verify.status()).toBe(200);
}

/** Who signs in: a name, an e-mail address and a password. */
export interface Credentials {
  name: string;
  email: string;
  password: string;
}

/**
 * The admin that browser tests share when what they test is not an admin's own account,
 * registered once a run (the site lets one address register ten admins an hour, and the run
 * comes from one address). Kept in the run's data folder, so a restarted worker finds it.
 */
export async function sharedAdmin(request: APIRequestContext): Promise<Credentials> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set; run through playwright.config.ts');
  const file = path.join(dataDir, 'e2e-shared-admin.json');
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Credentials;
  } catch {
    const run = Math.random().toString(36).slice(2, 8);
    const admin = { name: 'Desk Admin', email: `desk-${run}@example.com`, password: 'desk-pass-1' };
    await registerAdmin(request, admin);
    writeFileSync(file, JSON.stringify(admin));
    return admin;
  }
}

/**
 * The access token of the person signed in on `page`, as the back office keeps it: API calls of a
 * test go with it, so each test signs in once (the site lets one address sign in 20 times in 15
 * minutes, and an account 10).
 */
export async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(
    () =>
      (JSON.parse(localStorage.getItem('newsroom:auth') ?? '{}') as { accessToken?: string })
        .accessToken,
  );
  if (!token) throw new Error('Nobody is signed in on this page');
  return token;
}

/** Signs `who` in on `page` through the sign-in screen, and waits for the back office. */
export async function signIn(page: Page, who: Credentials) {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('button', { name: /^Hello / })).toBeVisible();
}

/**
 * Brings `person` onto the staff in `role`: invited by the admin whose token is `adminToken`,
 * then joining through the mailed link on `page`, where they are then signed in.
 */
export async function joinStaff(
  request: APIRequestContext,
  adminToken: string,
  page: Page,
  person: Credentials,
  role: string,
) {
  const invited = await request.post('/api/v1/staff/invitations', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { email: person.email, role },
  });
  expect(invited.status()).toBe(200);
  await page.goto(await invitationLink(person.email));
  await page.getByLabel('Name').fill(person.name);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByLabel('Confirm password').fill(person.password);
  await page.getByRole('button', { name: 'Join' }).click();
  await expect(page.getByRole('button', { name: /^Hello / })).toBeVisible();
}

/** A page in a browser context of its own (its own cookies and storage), at a desktop size. */
export async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  return context.newPage();
}

/** Console errors and uncaught exceptions of a page, collected for a final check. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

/** The table row holding `text` exactly in one of its cells. */
export function rowWith(page: Page, text: string): Locator {
  return page.getByRole('row').filter({ has: page.getByRole('cell', { name: text, exact: true }) });
}

/** Waits for the success toast of a change, then dismisses nothing: toasts close by themselves. */
export async function expectToast(page: Page, message: string) {
  await expect(page.getByText(message, { exact: true }).first()).toBeVisible();
}

export async function openSection(page: Page, label: string) {
  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: label, exact: true })
    .click();
}

export async function readTotal(page: Page, testId: string): Promise<number> {
  const text = page.getByTestId(testId);
  await expect(text).toHaveText(/^[\d,]+$/);
  return Number((await text.innerText()).replace(/,/g, ''));
}
