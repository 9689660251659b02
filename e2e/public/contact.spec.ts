import { expect, test } from '@playwright/test';
import type { ContactDto } from '@newsroom/contract';
import { adminToken, apiGet } from './support.ts';

test('the contact form explains each error, then sends to the admins', async ({ page }) => {
  await page.goto('/contact-us');
  await expect(page.getByText('21 Press Enclave')).toBeVisible();
  await expect(page.getByRole('link', { name: /@/ })).toBeVisible();
  const send = page.getByRole('button', { name: 'Send message' });
  await expect(send).toBeEnabled();

  await send.click();
  await expect(page.getByText('fullName is required')).toBeVisible();
  await expect(page.getByText('email is required')).toBeVisible();
  await expect(page.getByText('phone is required')).toBeVisible();
  await expect(page.getByText('message is required')).toBeVisible();

  await page.getByLabel('Full name').fill('E');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Phone').fill('12345');
  await page.getByLabel('Message').fill('Hi');
  await send.click();
  await expect(page.getByText('fullName must be at least 2 characters')).toBeVisible();
  await expect(page.getByText('email must be a valid email address')).toBeVisible();
  await expect(page.getByText('phone must be at least 10 digits')).toBeVisible();
  await expect(page.getByText('message must be at least 3 characters')).toBeVisible();

  await page.getByLabel('Phone').fill('98765432109999');
  await expect(page.getByLabel('Phone')).toHaveValue('9876543210');

  const message = `Please cover the river festival (${Date.now()})`;
  await page.getByLabel('Full name').fill('Asha Verma');
  await page.getByLabel('Email').fill('asha.e2e@example.com');
  await page.getByLabel('Message').fill(message);
  await send.click();
  await expect(page.getByRole('status')).toHaveText('Thank you! Your message has been sent.');
  await expect(page.getByLabel('Full name')).toHaveValue('');
  await expect(page.getByLabel('Message')).toHaveValue('');

  const bearer = await adminToken(page.request);
  const contacts = await apiGet<ContactDto[]>(
    page.request,
    '/admin-contact/get?page=1&limit=10',
    bearer,
  );
  expect(contacts.data.map((contact) => contact.message)).toContain(message);
});
