import { spawn, type ChildProcess } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import {
  collectErrors,
  expectToast,
  invitationLink,
  openSection,
  sharedAdmin,
  type Credentials,
  newPage,
  signIn,
  tokenOf,
} from './support.ts';

/**
 * The desk in the browser (decisions 106, 107): a contributor drafts and sends the story to
 * review, assigned to an editor; the editor finds it on their desk, sends it back with a note,
 * approves and schedules it; the site shows it at its time (read from a second server whose
 * clock runs ahead, not waited for); two people edit it at once and the merge keeps both edits.
 */
test.describe.configure({ mode: 'serial' });

const run = Math.random().toString(36).slice(2, 8);
let admin: Credentials;
const editor = {
  name: 'Meera Editor',
  email: `meera-${run}@example.com`,
  password: 'meera-pass-1',
};
const contributor = {
  name: 'Tomas Contributor',
  email: `tomas-${run}@example.com`,
  password: 'tomas-pass-1',
};
const story = { title: `Ferry timetable returns ${run}`, slug: `ferry-timetable-${run}` };
const HOUR = 3_600_000;

const pages = {} as Record<'admin' | 'editor' | 'contributor', Page>;
let errors: string[];
let adminToken = '';
let storyId = '';

/** The wall-clock time `ms` from now in the site's zone, as the date-time input takes it. */
function kolkataInput(ms: number): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Kolkata',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(Date.now() + ms));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}`;
}

/** Opens the story from the news table (or the desk) in the editor. */
async function openStory(page: Page) {
  await page.getByRole('button', { name: `Edit ${story.title}` }).click();
  const form = page.getByRole('form', { name: 'Update news' });
  await expect(form.getByLabel('Title', { exact: true })).not.toHaveValue('');
  return form;
}

const storyRow = (page: Page) =>
  page.getByRole('row').filter({ has: page.getByRole('button', { name: `Edit ${story.title}` }) });

test.beforeAll(async ({ browser, request }) => {
  admin = await sharedAdmin(request);
  pages.admin = await newPage(browser);
  await signIn(pages.admin, admin);
  adminToken = await tokenOf(pages.admin);
  for (const [person, role] of [
    [editor, 'editor'],
    [contributor, 'contributor'],
  ] as const) {
    const invited = await request.post('/api/v1/staff/invitations', {
      headers: { authorization: `Bearer ${adminToken}` },
      data: { email: person.email, role },
    });
    expect(invited.status()).toBe(200);
  }
  pages.editor = await newPage(browser);
  pages.contributor = await newPage(browser);
  errors = collectErrors(pages.editor);
  for (const [key, person] of [
    ['editor', editor],
    ['contributor', contributor],
  ] as const) {
    const page = pages[key];
    await page.goto(await invitationLink(person.email));
    await page.getByLabel('Name').fill(person.name);
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await page.getByLabel('Confirm password').fill(person.password);
    await page.getByRole('button', { name: 'Join' }).click();
    await expect(page.getByRole('button', { name: /Hello/ })).toBeVisible();
  }
});

test.afterAll(async ({ request }) => {
  // The story goes, so the tests after these find the demo articles newest in the table.
  if (storyId) {
    await request.delete(`/api/v1/news/delete/${storyId}`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
  }
  for (const page of Object.values(pages)) await page.context().close();
});

test('the contributor drafts the story, then sends it to review for the editor', async () => {
  const page = pages.contributor;
  await openSection(page, 'Add News');
  const form = page.getByRole('form', { name: 'Add news' });
  await form.getByLabel('Title', { exact: true }).fill(story.title);
  await form.getByLabel('Slug', { exact: true }).fill(story.slug);
  await form.getByRole('textbox', { name: 'Description', exact: true }).click();
  await page.keyboard.type(
    'The morning ferry runs again from Monday, the port says. '.repeat(5).trim(),
  );
  await form.getByLabel('Meta Description', { exact: true }).fill('The morning ferry runs again');
  await form.getByLabel('Alt Text', { exact: true }).fill('The ferry at the pier');
  await form.getByLabel('Category', { exact: true }).selectOption({ index: 1 });
  await form.getByLabel('Publisher', { exact: true }).selectOption({ index: 1 });
  await form
    .getByLabel('Video URL', { exact: true })
    .fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  const publishing = form.getByRole('group', { name: 'Publishing' });
  await expect(publishing.getByRole('radio', { name: 'Save as draft' })).toBeChecked();
  await expect(publishing.getByRole('radio', { name: 'Publish now' })).toHaveCount(0);
  await form.getByRole('button', { name: 'Add News' }).click();
  await expectToast(page, 'News created successfully');

  await openSection(page, 'News Table');
  await expect(storyRow(page).getByTestId('stage')).toHaveText('Draft');
  const update = await openStory(page);
  storyId = page.url().split('/').pop() ?? '';
  await update.getByRole('radio', { name: 'Send to review' }).check();
  await update.getByLabel(/^Note for the move/).fill('The times are from the port office.');
  await update.getByLabel('Assigned to').selectOption({ label: editor.name });
  await update.getByRole('button', { name: 'Update News' }).click();
  await expectToast(page, 'News updated successfully');
  await expect(storyRow(page).getByTestId('stage')).toHaveText('In review');
  // Once in review it stays the contributor's to edit, but never to publish.
  const again = await openStory(page);
  await expect(again.getByRole('radio', { name: 'Publish now' })).toHaveCount(0);
  await openSection(page, 'News Table');
});

test('the editor finds it on their desk and sends it back with a note', async () => {
  const page = pages.editor;
  await page.reload();
  const sidebar = page.getByRole('navigation', { name: 'Admin' });
  await expect(sidebar.getByTitle('1 assigned to you')).toHaveText('1');
  await openSection(page, 'My desk');
  await expect(page.getByRole('table', { name: 'My desk' })).toBeVisible();
  await expect(storyRow(page).getByTestId('stage')).toHaveText('In review');
  const form = await openStory(page);
  await form.getByRole('radio', { name: 'Send back' }).check();
  await form.getByLabel(/^Note for the move/).fill('Please name the port office spokesperson.');
  await form.getByRole('button', { name: 'Update News' }).click();
  await expectToast(page, 'News updated successfully');
  await expect(storyRow(page).getByTestId('stage')).toHaveText('Draft');

  // The trail holds the move and its note.
  const trail = await page.request.get(`/api/v1/audit?kind=news&limit=20`, {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  const entries = (await trail.json()).data as {
    thingId: string;
    actor: { name: string };
    changes: { field: string; before: string | null; after: string | null }[];
  }[];
  const sentBack = entries.find(
    (entry) => entry.thingId === storyId && entry.actor.name === editor.name,
  );
  expect(sentBack?.changes).toEqual(
    expect.arrayContaining([
      { field: 'publication', before: 'in review', after: 'draft' },
      { field: 'note', before: null, after: 'Please name the port office spokesperson.' },
    ]),
  );
});

test('the editor approves it, then schedules it', async () => {
  const page = pages.editor;
  let form = await openStory(page);
  await form.getByRole('radio', { name: 'Approve' }).check();
  await form.getByRole('button', { name: 'Update News' }).click();
  await expectToast(page, 'News updated successfully');
  await expect(storyRow(page).getByTestId('stage')).toHaveText('Ready');

  form = await openStory(page);
  await form.getByRole('radio', { name: 'Schedule at' }).check();
  await form.getByLabel('Publish at (Asia/Kolkata)').fill(kolkataInput(2 * HOUR));
  await form.getByRole('button', { name: 'Update News' }).click();
  await expectToast(page, 'News updated successfully');
  await expect(storyRow(page).getByTestId('stage')).toHaveText('Scheduled');
});

test('the site shows it at its time, and not before', async ({ request }) => {
  const read = `/api/v1/u/news/${story.slug}`;
  expect((await request.get(read)).status()).toBe(404);
  const later = await serverAhead(3 * HOUR);
  try {
    const page = await fetch(`${later.url}/news/${story.slug}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(story.title);
    expect((await fetch(`${later.url}${read}`)).status).toBe(200);
  } finally {
    later.stop();
  }
  // Here, still two hours to go.
  expect((await request.get(read)).status()).toBe(404);
});

test('two people edit it at once, and the merge keeps both edits', async () => {
  const first = pages.editor;
  const second = pages.admin;
  await openSection(second, 'News Table');
  const mine = await openStory(second);
  const newMeta = 'The morning ferry runs again from Monday';
  await mine.getByLabel('Meta Description', { exact: true }).fill(newMeta);

  // The admin is editing it (decision 110): the editor takes it over, and saves a new title.
  const theirs = await openStory(first);
  await first.getByRole('button', { name: 'Take over', exact: true }).click();
  const newTitle = `Ferry timetable returns on Monday ${run}`;
  await theirs.getByLabel('Title', { exact: true }).fill(newTitle);
  await theirs.getByRole('button', { name: 'Update News' }).click();
  await expectToast(first, 'News updated successfully');

  // The admin's editor, taken over, kept what they typed; taken back, its save names the version
  // it opened: someone saved since, and the merge keeps both edits.
  await second.getByRole('button', { name: 'Take over again' }).click();
  await expect(mine.getByLabel('Meta Description', { exact: true })).toHaveValue(newMeta);
  await mine.getByRole('button', { name: 'Update News' }).click();
  await expect(second.getByText(`${editor.name} saved this article at`).first()).toBeVisible();
  const dialog = second.getByRole('dialog', {
    name: 'Someone saved this article since you opened it',
  });
  await expect(dialog.getByRole('rowheader')).toHaveText(['Title', 'Meta description']);
  await expect(dialog.getByTestId('merge-title-theirs')).toHaveText(newTitle);
  await expect(dialog.getByTestId('merge-metaDescription-mine')).toHaveText(newMeta);
  await dialog.getByRole('radio', { name: 'Title: saved since' }).check();
  await dialog.getByRole('button', { name: 'Save the merge' }).click();
  await expectToast(second, 'News updated successfully');
  await expect(second).toHaveURL('/newsTable');

  const saved = await second.request.get(`/api/v1/news/get/${storyId}`, {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  expect((await saved.json()).data).toMatchObject({
    title: newTitle,
    metaDescription: newMeta,
    stage: 'scheduled',
  });
  expect(errors, 'console errors').toEqual([]);
});

/**
 * A second server on the same data folder whose clock runs `ms` ahead (e2e/clock-ahead.mjs):
 * the site as readers will see it then.
 */
async function serverAhead(ms: number): Promise<{ url: string; stop: () => void }> {
  const port = Number(process.env.E2E_PORT ?? 3210) + 5;
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', './e2e/clock-ahead.mjs', 'apps/server/dist/main.js'],
    {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: process.env.E2E_DATA_DIR ?? '',
        SEED_DEMO: '0',
        ADMIN_SIGNUP_CODE: 'e2e-signup-code',
        LOG_LEVEL: 'warn',
        E2E_CLOCK_AHEAD_MS: String(ms),
      },
      stdio: 'ignore',
    },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      if ((await fetch(`${url}/-/health`)).ok) return { url, stop: () => child.kill() };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill();
  throw new Error('The server with its clock ahead did not start');
}
