import { expect, test, type Page } from '@playwright/test';
import {
  collectErrors,
  expectToast,
  invitationLink,
  newPage,
  openSection,
  registerAdmin,
} from './support.ts';

/**
 * A newsroom of many hands, in the browser: an admin invites an editor and a contributor (the
 * mail read from a real SMTP server); each joins; the contributor writes a draft and cannot
 * publish it; the editor publishes it; its byline and the author page show the contributor; the
 * audit trail shows each step with its values before and after. Steps build on each other, so
 * they run in order.
 */
test.describe.configure({ mode: 'serial' });

const run = Math.random().toString(36).slice(2, 8);
const admin = {
  name: 'Desk Admin',
  email: `desk-admin-${run}@example.com`,
  password: 'desk-pass-1',
};
const editor = { name: 'Nila Editor', email: `nila-${run}@example.com`, password: 'nila-pass-1' };
const contributor = {
  name: 'Ravi Contributor',
  email: `ravi-${run}@example.com`,
  password: 'ravi-pass-1',
};
const story = { title: `Tide tables change this week ${run}`, slug: `tide-tables-${run}` };

const pages = {} as Record<'admin' | 'editor' | 'contributor', Page>;
let errors: string[];

test.beforeAll(async ({ browser, request }) => {
  await registerAdmin(request, admin);
  pages.admin = await newPage(browser);
  pages.editor = await newPage(browser);
  pages.contributor = await newPage(browser);
  errors = collectErrors(pages.admin);
});

test.afterAll(async () => {
  for (const page of Object.values(pages)) await page.context().close();
});

test('an admin invites an editor and a contributor', async () => {
  const page = pages.admin;
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('button', { name: /Hello Admin/ })).toBeVisible();
  await openSection(page, 'Staff');
  for (const [person, role] of [
    [editor, 'editor'],
    [contributor, 'contributor'],
  ] as const) {
    await page.getByRole('button', { name: 'Invite someone' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite someone' });
    await dialog.getByLabel('E-mail').fill(person.email);
    await dialog.getByLabel('Role').selectOption(role);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(
      page.getByRole('table', { name: 'Pending invitations' }).getByRole('cell', {
        name: person.email,
      }),
    ).toBeVisible();
  }
  expect(errors).toEqual([]);
});

test('each follows the link mailed to them and joins in their role', async () => {
  for (const [key, person, greeting] of [
    ['editor', editor, /Hello Editor/],
    ['contributor', contributor, /Hello Contributor/],
  ] as const) {
    const page = pages[key];
    await page.goto(await invitationLink(person.email));
    await page.getByLabel('Name').fill(person.name);
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await page.getByLabel('Confirm password').fill(person.password);
    await page.getByRole('button', { name: 'Join' }).click();
    await expect(page.getByRole('button', { name: greeting })).toBeVisible();
  }
});

test('the contributor writes a draft and is offered no way to publish it', async () => {
  const page = pages.contributor;
  await openSection(page, 'Add News');
  const form = page.getByRole('form', { name: 'Add news' });
  await form.getByLabel('Title', { exact: true }).fill(story.title);
  await form.getByLabel('Slug', { exact: true }).fill(story.slug);
  await form.getByRole('textbox', { name: 'Description', exact: true }).click();
  await page.keyboard.type(
    'The harbour office publishes new tide tables after the storm. '.repeat(4).trim(),
  );
  await form
    .getByLabel('Meta Description', { exact: true })
    .fill('New tide tables after the storm');
  await form.getByLabel('Alt Text', { exact: true }).fill('The harbour at low tide');
  await form.getByLabel('Tags', { exact: true }).fill('harbour');
  await form.getByLabel('Tags', { exact: true }).press('Enter');
  await form.getByLabel('Category', { exact: true }).selectOption({ index: 1 });
  await form.getByLabel('Publisher', { exact: true }).selectOption({ index: 1 });
  await form
    .getByLabel('Video URL', { exact: true })
    .fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  // A draft, or sent to review (decision 106): never published or scheduled.
  const publishing = form.getByRole('group', { name: 'Publishing' });
  await expect(publishing.getByRole('radio')).toHaveCount(2);
  await expect(publishing.getByRole('radio', { name: 'Save as draft' })).toBeChecked();
  await expect(publishing.getByRole('radio', { name: 'Send to review' })).toBeVisible();
  await form.getByRole('button', { name: 'Add News' }).click();
  await expectToast(page, 'News created successfully');

  // Opened again, the draft still offers no other choice.
  await openSection(page, 'News Table');
  await page.getByRole('button', { name: `Edit ${story.title}` }).click();
  const update = page.getByRole('form', { name: 'Update news' });
  await expect(update.getByRole('group', { name: 'Publishing' }).getByRole('radio')).toHaveCount(2);
  // Leaving the editor, the contributor no longer holds the article (decision 110).
  await openSection(page, 'News Table');
});

test('the editor publishes the contributor’s draft', async ({ request }) => {
  const page = pages.editor;
  await openSection(page, 'News Table');
  await page.getByRole('button', { name: `Edit ${story.title}` }).click();
  const form = page.getByRole('form', { name: 'Update news' });
  await expect(form.getByLabel('Title', { exact: true })).toHaveValue(story.title);
  await form
    .getByRole('group', { name: 'Publishing' })
    .getByRole('radio', { name: 'Publish now' })
    .check();
  await form.getByRole('button', { name: 'Update News' }).click();
  await expectToast(page, 'News updated successfully');

  const article = await request.get(`/news/${story.slug}`);
  expect(article.status()).toBe(200);
});

test('the byline and the author page show the contributor', async ({ browser }) => {
  // A reader: no session in this browser.
  const reader = await newPage(browser);
  try {
    await reader.goto(`/news/${story.slug}`);
    const byline = reader.getByTestId('byline');
    await expect(byline).toContainText(`By ${contributor.name}`);
    await byline.getByRole('link', { name: contributor.name }).click();
    await expect(reader).toHaveURL(/\/author\/[^/]+$/);
    await expect(reader.getByRole('heading', { level: 1, name: contributor.name })).toBeVisible();
    await expect(reader.getByRole('link', { name: story.title })).toBeVisible();
  } finally {
    await reader.context().close();
  }
});

test('the audit trail shows every step, with the values before and after', async () => {
  const page = pages.admin;
  await openSection(page, 'Audit trail');
  const entries = page.getByRole('table', { name: 'Audit entries' });
  await expect(
    entries.getByRole('row', { name: new RegExp(`${editor.name}.*Article changed`) }),
  ).toBeVisible();

  const published = entries.getByRole('row', {
    name: new RegExp(`${editor.name}.*Article changed: ${story.title}`),
  });
  await expect(published.getByLabel('before: draft')).toBeVisible();
  await expect(published.getByLabel(/^after: published /)).toBeVisible();
  const drafted = entries.getByRole('row', {
    name: new RegExp(`${contributor.name}.*Article created: ${story.title}`),
  });
  await expect(drafted.getByLabel('after: draft')).toBeVisible();
  await expect(drafted.getByLabel(`after: ${contributor.name}`)).toBeVisible();
  for (const person of [editor, contributor]) {
    await expect(
      entries.getByRole('row', {
        name: new RegExp(`${admin.name}.*Invitation created: ${person.email}`),
      }),
    ).toBeVisible();
    await expect(
      entries.getByRole('row', {
        name: new RegExp(`${person.name}.*Invitation accepted: ${person.email}`),
      }),
    ).toBeVisible();
  }

  // Only the article's entries, from its link back to the article.
  await page.getByRole('combobox', { name: 'Kind' }).selectOption('news');
  await expect(entries.getByRole('row', { name: /Invitation/ })).toHaveCount(0);
  await published.getByRole('link', { name: story.title }).click();
  await expect(
    page.getByRole('form', { name: 'Update news' }).getByLabel('Title', { exact: true }),
  ).toHaveValue(story.title);
  expect(errors).toEqual([]);
});

test('the admin deletes the story, and the trail keeps what it was', async () => {
  const page = pages.admin;
  await openSection(page, 'News Table');
  await page.getByRole('button', { name: `Delete ${story.title}` }).click();
  await page
    .getByRole('dialog', { name: 'Delete News' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expectToast(page, 'News deleted successfully');
  await openSection(page, 'Audit trail');
  const deleted = page
    .getByRole('table', { name: 'Audit entries' })
    .getByRole('row', { name: new RegExp(`${admin.name}.*Article deleted: ${story.title}`) });
  await expect(deleted.getByLabel(`before: ${story.title}`)).toBeVisible();
});
