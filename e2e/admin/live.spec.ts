import { spawn, type ChildProcess } from 'node:child_process';
import AxeBuilder from '@axe-core/playwright';
import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test';
import { collectErrors, newPage, sharedAdmin, signIn, tokenOf } from './support.ts';

/**
 * Live coverage (decision 115) in real browsers: the staff post, pin, edit and delete entries from
 * the live desk, and two readers, one on each of two instances of the site sharing the database
 * (and Redis, when the run has REDIS_URL), see each change on the open page without reloading.
 * A reader who drops offline and comes back gets the entries posted meanwhile, each once.
 */
test.describe.configure({ mode: 'serial' });

const run = Math.random().toString(36).slice(2, 8);
const title = `Storm over the coast, live ${run}`;
const slug = `storm-live-${run}`;
const FIRST = `Winds reach 120 km/h at the lighthouse (${run})`;
const EDITED = `Winds reach 130 km/h at the lighthouse (${run})`;
const SECOND = `The coast road is closed at the harbour (${run})`;
const MISSED = [`Power is cut in the old town (${run})`, `Shelters open at the schools (${run})`];

const LAST = `Coverage continues through the night (${run})`;

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

interface Instance {
  url: string;
  /** Stops the process; resolves once it has exited. */
  stop: () => Promise<void>;
}

/**
 * A second instance of the site: the same data folder (database, secrets) and, when the run has
 * one, the same Redis under the run's prefix, as instances behind one load balancer are.
 */
async function secondInstance(): Promise<Instance> {
  const port = Number(process.env.E2E_PORT ?? 3210) + 6;
  const redis = process.env.E2E_REDIS_PREFIX
    ? { REDIS_URL: process.env.REDIS_URL ?? '', REDIS_PREFIX: process.env.E2E_REDIS_PREFIX }
    : {};
  const child: ChildProcess = spawn(process.execPath, ['apps/server/dist/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR ?? '',
      SEED_DEMO: '0',
      ADMIN_SIGNUP_CODE: 'e2e-signup-code',
      LOG_LEVEL: 'warn',
      ...redis,
    },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      if ((await fetch(`${url}/-/health`)).ok) {
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        return { url, stop: () => (child.kill(), exited) };
      }
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill();
  throw new Error('The second instance did not start');
}

/** A reader of the live page at `origin`, in a browser context of its own (no session). */
async function reader(browser: Browser, origin: string): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto(`${origin}/news/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  return { page, errors };
}

/** The entries of a reader's page (the stream, not the pinned ones above it) holding `text`. */
const entryOn = (page: Page, text: string): Locator =>
  page
    .getByRole('list', { name: 'Entries', exact: true })
    .getByRole('listitem')
    .filter({ hasText: text });

const pinnedOn = (page: Page) => page.getByRole('list', { name: 'Pinned entries' });

let browser: Browser;
let staff: Page;
let staffErrors: string[];
let second: Instance | null = null;

test.beforeAll(async ({ browser: opened, request }) => {
  browser = opened;
  staff = await newPage(browser);
  staffErrors = collectErrors(staff);
  await signIn(staff, await sharedAdmin(request));
  token = await tokenOf(staff);
  const [category] = await api<{ _id: string }[]>(request, 'get', '/category/get');
  const [publisher] = await api<{ _id: string }[]>(request, 'get', '/publisher/get');
  const created = await api<{ _id: string; live: boolean }>(request, 'post', '/news/create', {
    title,
    slug,
    description: `<p>${'The storm reached the coast in the night; we follow it here. '.repeat(4)}</p>`,
    metaDescription: 'The storm on the coast, as it happens',
    alt: 'Waves over the harbour wall',
    tags: ['storm'],
    videoURL: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    status: true,
    categoryId: category?._id,
    publisherId: publisher?._id,
    live: true,
  });
  expect(created.live).toBe(true);
  newsId = created._id;
  second = await secondInstance();
});

test.afterAll(async ({ request }) => {
  await second?.stop();
  if (newsId) {
    await request.delete(`/api/v1/news/delete/${newsId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
  }
  await staff.context().close();
});

test('staff run the live page from the desk and readers on both instances see each change live', async ({
  baseURL,
}) => {
  const here = await reader(browser, baseURL ?? '');
  const there = await reader(browser, second?.url ?? '');

  // The desk, from the news table's link.
  await staff.goto('/newsTable');
  await staff.getByRole('link', { name: `Live desk of ${title}` }).click();
  await expect(staff.getByRole('heading', { name: 'Live desk' })).toBeVisible();
  await expect(staff.getByText('Live: entries by anyone on the desk show')).toBeVisible();
  const composer = staff.getByRole('form', { name: 'New entry' });
  const text = composer.getByRole('textbox', { name: 'Entry' });

  // Post: the composer empties and keeps the focus, for the next entry.
  await text.click();
  await staff.keyboard.type(FIRST);
  await composer.getByRole('button', { name: 'Post entry' }).click();
  const desk = staff.getByRole('list', { name: 'Entries, newest first' });
  await expect(desk.getByRole('article', { name: FIRST })).toBeVisible();
  await expect(text).toBeFocused();
  await expect(text).toHaveText('');
  for (const page of [here.page, there.page]) await expect(entryOn(page, FIRST)).toHaveCount(1);

  // The desk, with an entry, has no serious or critical accessibility violation.
  const violations = (await new AxeBuilder({ page: staff }).include('main').analyze()).violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((n) => n.target).join(', ')}`);
  expect(violations).toEqual([]);

  // A second entry, posted with Ctrl+Enter.
  await staff.keyboard.type(SECOND);
  await staff.keyboard.press('Control+Enter');
  await expect(desk.getByRole('article')).toHaveCount(2);
  for (const page of [here.page, there.page]) await expect(entryOn(page, SECOND)).toHaveCount(1);

  // Pin the first.
  const first = desk.getByRole('article', { name: FIRST });
  await first.getByRole('button', { name: 'Pin' }).click();
  await expect(first.getByText('Pinned', { exact: true })).toBeVisible();
  for (const page of [here.page, there.page]) await expect(pinnedOn(page)).toContainText(FIRST);

  // Edit it in place.
  await first.getByRole('button', { name: 'Edit' }).click();
  const editor = first.getByRole('textbox', { name: 'Entry text' });
  await expect(editor).toBeFocused();
  await staff.keyboard.press('Control+A');
  await staff.keyboard.type(EDITED);
  await first.getByRole('button', { name: 'Save entry' }).click();
  const edited = desk.getByRole('article', { name: EDITED });
  await expect(edited).toBeVisible();
  for (const page of [here.page, there.page]) {
    await expect(entryOn(page, EDITED)).toHaveCount(1);
    await expect(pinnedOn(page)).toContainText(EDITED);
    await expect(page.getByText(FIRST)).toHaveCount(0);
  }

  // Delete the second, once confirmed.
  await desk.getByRole('article', { name: SECOND }).getByRole('button', { name: 'Delete' }).click();
  await staff
    .getByRole('dialog', { name: 'Delete entry' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(desk.getByRole('article', { name: SECOND })).toHaveCount(0);
  for (const page of [here.page, there.page]) await expect(page.getByText(SECOND)).toHaveCount(0);

  // A reader drops offline, and its connection with it (an instance's stream stays open through
  // the browser's offline mode, so the instance it reads from goes away too, and comes back).
  // Two entries are posted meanwhile; back online, the reader gets each of them once.
  await there.page.context().setOffline(true);
  await second?.stop();
  for (const missed of MISSED) {
    await text.click();
    await staff.keyboard.type(missed);
    await staff.keyboard.press('Control+Enter');
    await expect(desk.getByRole('article', { name: missed })).toBeVisible();
  }
  await expect(entryOn(here.page, MISSED[1] ?? '')).toHaveCount(1);
  for (const missed of MISSED) await expect(entryOn(there.page, missed)).toHaveCount(0);
  second = await secondInstance();
  await there.page.context().setOffline(false);
  for (const missed of MISSED) await expect(entryOn(there.page, missed)).toHaveCount(1);
  // Changes arrive in order: once a later entry is there, nothing before it comes twice.
  await text.click();
  await staff.keyboard.type(LAST);
  await staff.keyboard.press('Control+Enter');
  await expect(entryOn(there.page, LAST)).toHaveCount(1);
  for (const missed of MISSED) await expect(entryOn(there.page, missed)).toHaveCount(1);
  await expect(entryOn(there.page, EDITED)).toHaveCount(1);

  expect(staffErrors, 'staff console errors').toEqual([]);
  expect(here.errors, 'reader console errors').toEqual([]);
  await here.page.context().close();
  await there.page.context().close();
});
