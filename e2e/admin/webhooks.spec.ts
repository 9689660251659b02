import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { collectErrors, sharedAdmin, signIn, tokenOf } from './support.ts';

/**
 * Webhooks in a real browser (decision 117): an admin registers a local endpoint on the Webhooks
 * screen and copies its secret, shown once; publishing an article delivers to it, listed with its
 * answer; "send a test" and "send again" reach it; the endpoint is edited and deleted.
 * The run's server allows loopback endpoints (ALLOW_PRIVATE_WEBHOOKS=1, playwright.config.ts).
 */
test.describe.configure({ mode: 'serial' });

const run = Math.random().toString(36).slice(2, 8);
const received: { id: string; type: string }[] = [];
let receiver: http.Server;
let hookUrl = '';
let page: Page;
let errors: string[];
let token = '';
let newsId = '';

const api = async <T>(method: 'GET' | 'POST' | 'DELETE', path: string, data?: object) => {
  const res = await page.request.fetch(`/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
    ...(data && { data }),
  });
  expect(res.status(), `${method} ${path}: ${await res.text()}`).toBe(200);
  return ((await res.json()) as { data: T }).data;
};

test.beforeAll(async ({ browser, request }) => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { type: string };
      received.push({ id: String(req.headers['webhook-id']), type: body.type });
      res.writeHead(200).end('received by the browser test');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook-${run}`;
  page = await browser.newPage({
    viewport: { width: 1366, height: 900 },
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  errors = collectErrors(page);
  await signIn(page, await sharedAdmin(request));
  token = await tokenOf(page);
});

test.afterAll(async () => {
  if (newsId) await api('DELETE', `/news/delete/${newsId}`);
  await page.close();
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

test.afterEach(() => {
  expect(errors, 'console errors').toEqual([]);
});

test('an admin registers an endpoint and copies its secret, shown once', async () => {
  await page.getByRole('link', { name: 'Webhooks' }).click();
  await expect(page.getByRole('heading', { name: 'Webhooks' })).toBeVisible();
  await page.getByRole('button', { name: 'Register an endpoint' }).click();
  const dialog = page.getByRole('dialog', { name: 'Register an endpoint' });
  await dialog.getByLabel('Endpoint URL').fill(hookUrl);
  await dialog.getByRole('checkbox', { name: /Article published/ }).check();
  await dialog.getByRole('button', { name: 'Register' }).click();
  const secret = page.getByRole('group', { name: 'Secret of the new endpoint' });
  const value = await secret.getByLabel('Signing secret').inputValue();
  expect(value).toMatch(/^whsec_/);
  await secret.getByRole('button', { name: 'Copy secret' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(value);
  await secret.getByRole('button', { name: 'Done' }).click();
  await page.reload();
  await expect(page.getByRole('cell', { name: hookUrl, exact: true })).toBeVisible();
  await expect(page.getByText(value)).toHaveCount(0);
});

test('publishing an article delivers to it; a test and a second send reach it too', async () => {
  const categories = await api<{ _id: string }[]>('GET', '/category/get');
  const publishers = await api<{ _id: string }[]>('GET', '/publisher/get');
  const created = await api<{ _id: string }>('POST', '/news/create', {
    title: `A webhook tells of this ${run}`,
    slug: `a-webhook-tells-of-this-${run}`,
    metaDescription: 'Published to see a webhook delivered.',
    description: `<p>${'The endpoint hears of this article the moment it is published. '.repeat(4)}</p>`,
    alt: 'A webhook',
    tags: ['webhooks'],
    videoURL: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    status: true,
    categoryId: categories[0]?._id,
    publisherId: publishers[0]?._id,
  });
  newsId = created._id;
  await page.getByRole('button', { name: `Deliveries to ${hookUrl}` }).click();
  const table = page.getByRole('table', { name: `Deliveries to ${hookUrl}` });
  const published = table.getByRole('row').filter({ hasText: 'news.published' });
  await expect(published).toContainText('Delivered');
  await expect(published).toContainText('received by the browser test');
  expect(received.map((r) => r.type)).toEqual(['news.published']);

  await page.getByRole('button', { name: 'Send a test' }).click();
  await expect(table.getByRole('row').filter({ hasText: 'webhook.test' })).toContainText(
    'Delivered',
  );
  await published.getByRole('button', { name: /Send again/ }).click();
  await expect.poll(() => received.length).toBe(3);
  expect(received[2]?.id).toBe(received[0]?.id);
  // Two attempts now, the second delivered too.
  await expect(published.getByRole('cell').nth(4)).toHaveText('2');
  await expect(published).toContainText('Delivered');
});

test('the endpoint is edited and deleted', async () => {
  await page.getByRole('button', { name: `Edit ${hookUrl}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit the endpoint' });
  await dialog.getByRole('checkbox', { name: /Article deleted/ }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: hookUrl })
      .getByText('Article published, Article deleted'),
  ).toBeVisible();
  await page.getByRole('button', { name: `Delete ${hookUrl}` }).click();
  await page
    .getByRole('dialog', { name: 'Delete the endpoint?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByRole('cell', { name: hookUrl, exact: true })).toHaveCount(0);
});
