import type { Role, StaffRef } from '@newsroom/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NewsForm } from '../../src/admin/news/NewsForm.tsx';
import { NewsTableScreen } from '../../src/admin/news/NewsTableScreen.tsx';
import { emptyNewsForm, formFromNews, type NewsFormInput } from '../../src/admin/news/schema.ts';
import { createNews } from '../public/factories.ts';
import { ok, on, stubFetch } from './fetch-stub.ts';
import { renderAdmin } from './render.tsx';

const me = {
  _id: 'staff-9',
  name: 'Bram',
  email: 'bram@example.com',
  role: 'author',
  slug: 'bram',
  bio: '',
  links: [],
  pictureURL: null,
  twoFactor: false,
  twoFactorRequired: false,
};
const bram: StaffRef = { _id: 'staff-9', name: 'Bram', slug: 'bram' };

beforeEach(() => {
  stubFetch(
    on('GET', '/auth/me', ok(me)),
    on('GET', '/category/get', ok([{ _id: 'c1', name: 'News', subcategory: [] }])),
    on('GET', '/publisher/get', ok([{ _id: 'p1', name: 'Daily Post' }])),
    on('GET', '/anchor/get', ok([])),
  );
});
afterEach(() => vi.unstubAllGlobals());

/** A complete article, ready to save. */
const filled: NewsFormInput = {
  ...emptyNewsForm,
  title: 'Storm over the coast',
  slug: 'storm-over-the-coast',
  description: `<p>${'The storm reached the coast in the night. '.repeat(6)}</p>`,
  metaDescription: 'The storm, as it happens',
  alt: 'The harbour',
  videoURL: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  categoryId: 'c1',
  publisherId: 'p1',
};

async function renderForm(
  role: Role,
  initial: NewsFormInput,
  edit?: { newsId: string; authors: StaffRef[] },
) {
  const onSave = vi.fn(async (_form: FormData) => undefined);
  renderAdmin(
    <NewsForm
      mode={edit ? 'update' : 'create'}
      timeZone="Asia/Kolkata"
      initial={initial}
      newsId={edit?.newsId}
      authors={edit?.authors}
      pending={false}
      onSave={onSave}
    />,
    { role },
  );
  await screen.findByLabelText('Title', {}, { timeout: 5000 });
  const sent = async () => {
    await userEvent.click(screen.getByRole('button', { name: edit ? 'Update News' : 'Add News' }));
    await vi.waitFor(() => expect(onSave).toHaveBeenCalledTimes(1), { timeout: 5000 });
    return onSave.mock.calls[0]?.[0] ?? new FormData();
  };
  return { sent };
}

const liveArticle = (overrides: object = {}) =>
  formFromNews(
    {
      ...createNews({ _id: 'n1', slug: 'storm-over-the-coast', categoryId: 'c1' }),
      publisherId: 'p1',
      live: true,
      liveEndedAt: null,
      ...overrides,
    },
    'Asia/Kolkata',
  );

describe('the editor’s live coverage', { timeout: 20_000 }, () => {
  it('makes a new article a live page', async () => {
    const { sent } = await renderForm('author', filled);
    const live = screen.getByRole('switch', { name: 'Live page' });
    expect(live).not.toBeChecked();
    await userEvent.click(live);
    expect(live).toBeChecked();
    const form = await sent();
    expect(form.get('live')).toBe('true');
  });

  it('is not offered to a contributor, whose saves leave it as it is', async () => {
    const { sent } = await renderForm('contributor', filled);
    expect(screen.queryByRole('switch', { name: 'Live page' })).toBeNull();
    const form = await sent();
    expect(form.has('live')).toBe(false);
    expect(form.has('liveEndedAt')).toBe(false);
  });

  it('is not offered to an author on another’s article', async () => {
    await renderForm('author', liveArticle(), {
      newsId: 'n1',
      authors: [{ _id: 'staff-1', name: 'Asha Rao', slug: 'asha-rao' }],
    });
    // Who the author is has been read (the form waits on nothing else).
    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: /Update News/ })).toBeVisible(),
    );
    expect(screen.queryByRole('switch', { name: 'Live page' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Open the live desk' })).toBeNull();
  });

  it('opens the desk of an author’s own live page and ends its coverage at once', async () => {
    const coverage = { startedAt: '2026-11-27T05:00:00.000Z', endedAt: '2026-11-27T06:30:00.000Z' };
    const calls = stubFetch(
      on('PUT', '/news/n1/live', ok({ ...coverage, lastEventId: '3' })),
      on('GET', '/auth/me', ok(me)),
      on('GET', '/category/get', ok([{ _id: 'c1', name: 'News', subcategory: [] }])),
      on('GET', '/publisher/get', ok([{ _id: 'p1', name: 'Daily Post' }])),
      on('GET', '/anchor/get', ok([])),
    );
    const { sent } = await renderForm('author', liveArticle(), { newsId: 'n1', authors: [bram] });
    expect(await screen.findByRole('link', { name: 'Open the live desk' })).toHaveAttribute(
      'href',
      '/news/live/n1',
    );
    expect(screen.getByRole('switch', { name: 'Live page' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'End coverage' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'End coverage' })).getByRole('button', {
        name: 'End coverage',
      }),
    );
    expect(await screen.findByText('Coverage ended Nov 27, 2026, 12:00 PM.')).toBeVisible();
    const put = calls.find((call) => call.method === 'PUT');
    expect(JSON.parse(String(put?.body))).toEqual({ ended: true });
    // The article's save leaves the coverage as it is.
    const form = await sent();
    expect(form.get('live')).toBe('true');
    expect(form.has('liveEndedAt')).toBe(false);
  });

  it('turns a live page back into an article', async () => {
    const { sent } = await renderForm('editor', liveArticle(), { newsId: 'n1', authors: [bram] });
    await userEvent.click(screen.getByRole('switch', { name: 'Live page' }));
    expect(screen.queryByRole('button', { name: 'End coverage' })).toBeNull();
    expect((await sent()).get('live')).toBe('false');
  });
});

describe('the news table', () => {
  const row = (title: string, authors: StaffRef[], live: boolean) => ({
    ...createNews({ title, live }),
    stage: 'published',
    version: 1,
    assignee: null,
    dueAt: null,
    category: '',
    subcategory: '',
    publisher: '',
    anchor: '',
    authors,
  });
  const asha: StaffRef = { _id: 'staff-1', name: 'Asha Rao', slug: 'asha-rao' };

  it('links the live desk of the live pages the person may run', async () => {
    const rows = [
      row('My live page', [bram], true),
      row('My article', [bram], false),
      row('Their live page', [asha], true),
    ];
    stubFetch(
      on('GET', '/auth/me', ok(me)),
      on('GET', '/news/get', ok({ data: rows, count: 3 }, 'OK', { count: 3 })),
    );
    renderAdmin(<NewsTableScreen />, { role: 'author' });
    expect(await screen.findByRole('link', { name: 'Live desk of My live page' })).toHaveAttribute(
      'href',
      `/news/live/${rows[0]?._id}`,
    );
    expect(screen.queryByRole('link', { name: 'Live desk of My article' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Live desk of Their live page' })).toBeNull();
  });
});
