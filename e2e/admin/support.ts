import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';

/** A 1×1 PNG: small, and a real image by its bytes (the server checks them). */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The OTP of the newest mail to `email` in the server's outbox (mail without SMTP lands there). */
export async function readOtp(email: string): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set; run through playwright.config.ts');
  const outbox = path.join(dataDir, 'outbox');
  const names = (await readdir(outbox))
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .reverse();
  for (const name of names) {
    const text = await readFile(path.join(outbox, name), 'utf8');
    if (!text.includes(`To: ${email}`)) continue;
    const code = text.match(/verification code is:\s*(\d{6})/)?.[1];
    if (code) return code;
  }
  throw new Error(`No OTP mail to ${email} in ${outbox}`);
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
