import { SITE_TIME_ZONE_META } from '@newsroom/contract';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NewsForm } from '../../src/admin/news/NewsForm.tsx';
import { NewsTableScreen } from '../../src/admin/news/NewsTableScreen.tsx';
import { SCHEDULE_TIME_REQUIRED, formFromNews } from '../../src/admin/news/schema.ts';
import { createNews } from '../public/factories.ts';
import { ok, on, stubFetch } from './fetch-stub.ts';
import { renderAdmin } from './render.tsx';

const taxonomy = [
  on('GET', '/category/get', ok([{ _id: 'c1', name: 'Sports', subcategory: [] }])),
  on('GET', '/publisher/get', ok([{ _id: 'p1', name: 'Daily Post' }])),
  on('GET', '/anchor/get', ok([])),
];
beforeEach(() => stubFetch(...taxonomy));
afterEach(() => {
  vi.unstubAllGlobals();
  document.head.querySelector(`meta[name="${SITE_TIME_ZONE_META}"]`)?.remove();
});

/** A stored, valid article in the edit form, so only the publish control is left to set. */
async function editForm(stored: Parameters<typeof createNews>[0] = {}, timeZone = 'Asia/Kolkata') {
  const item = createNews({ categoryId: 'c1', publisherId: 'p1', ...stored });
  const onSave = vi.fn(async (_form: FormData) => undefined);
  renderAdmin(
    <NewsForm
      mode="update"
      timeZone={timeZone}
      initial={formFromNews(item, timeZone)}
      pending={false}
      onSave={onSave}
    />,
  );
  await screen.findByRole('group', { name: 'Publishing' }, { timeout: 5000 });
  // The rich-text editor loads on its own; a test that ends first would leave it loading.
  await screen.findByRole('textbox', { name: 'Description' }, { timeout: 5000 });
  const sent = async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Update News' }));
    await vi.waitFor(() => expect(onSave).toHaveBeenCalledOnce());
    const form = onSave.mock.lastCall?.[0];
    return { draft: form?.get('draft'), publishAt: form?.get('publishAt') };
  };
  return { onSave, sent };
}

const scheduleAt = (value: string) => {
  fireEvent.click(screen.getByRole('radio', { name: 'Schedule at' }));
  fireEvent.change(screen.getByLabelText(/^Publish at/), { target: { value } });
};

describe('the publish control', { timeout: 20_000 }, () => {
  it('publishes now by default: no draft, no time', async () => {
    const { sent } = await editForm();
    expect(screen.getByRole('radio', { name: 'Publish now' })).toBeChecked();
    expect(await sent()).toEqual({ draft: 'false', publishAt: '' });
  });

  it('sends a time entered in Asia/Kolkata as the same instant in UTC', async () => {
    const { sent } = await editForm();
    scheduleAt('2030-03-04T10:30');
    expect(screen.getByText('Publish at (Asia/Kolkata)')).toBeInTheDocument();
    expect(await sent()).toEqual({ draft: 'false', publishAt: '2030-03-04T05:00:00.000Z' });
  });

  it('reads the time in the site’s zone when another is set', async () => {
    const { sent } = await editForm({}, 'America/New_York');
    scheduleAt('2030-03-04T10:30');
    expect(await sent()).toEqual({ draft: 'false', publishAt: '2030-03-04T15:30:00.000Z' });
  });

  it('asks for a date and time before scheduling a draft', async () => {
    const { onSave } = await editForm({ draft: true, publishAt: null });
    expect(screen.getByRole('radio', { name: 'Save as draft' })).toBeChecked();
    fireEvent.click(screen.getByRole('radio', { name: 'Schedule at' }));
    await userEvent.click(screen.getByRole('button', { name: 'Update News' }));
    expect(await screen.findByText(SCHEDULE_TIME_REQUIRED)).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('saves a draft', async () => {
    const { sent } = await editForm();
    fireEvent.click(screen.getByRole('radio', { name: 'Save as draft' }));
    expect(await sent()).toEqual({ draft: 'true', publishAt: '' });
  });

  it('opens a scheduled article with its time in the site’s zone', async () => {
    await editForm({ publishAt: '2999-01-01T00:00:00.000Z' });
    expect(screen.getByRole('radio', { name: 'Schedule at' })).toBeChecked();
    expect(screen.getByLabelText(/^Publish at/)).toHaveValue('2999-01-01T05:30');
  });
});

describe('the news table', () => {
  it('marks drafts and scheduled articles, with the time in the site’s zone', async () => {
    const meta = Object.assign(document.createElement('meta'), {
      name: SITE_TIME_ZONE_META,
      content: 'Asia/Kolkata',
    });
    document.head.append(meta);
    const rows = [
      { ...createNews({ title: 'A draft story', draft: true, publishAt: null }), stage: 'draft' },
      {
        ...createNews({ title: 'Scheduled one', publishAt: '2999-03-04T05:00:00.000Z' }),
        stage: 'scheduled',
      },
      { ...createNews({ title: 'Out already' }), stage: 'published' },
    ].map((news) => ({
      ...news,
      version: 1,
      assignee: null,
      dueAt: null,
      category: '',
      subcategory: '',
      publisher: '',
      anchor: '',
      authors: [],
    }));
    stubFetch(on('GET', '/news/get', ok({ data: rows, count: 3 }, 'OK', { count: 3 })));
    renderAdmin(<NewsTableScreen />);
    await screen.findByTitle('A draft story');
    const cells = screen.getAllByRole('row');
    expect(cells[1]).toHaveTextContent('Draft');
    expect(cells[2]).toHaveTextContent('Scheduled Mar 4, 2999, 10:30 AM');
    expect(cells[3]).not.toHaveTextContent(/Draft|Scheduled/);
  });
});

describe('the news table of an author', () => {
  it('offers Edit on their own articles, Delete until published, and nothing on others’', async () => {
    const me = { _id: 's1', name: 'Dev Author', slug: 'dev-author' };
    const other = { _id: 's2', name: 'Someone Else', slug: 'someone-else' };
    const row = (title: string, authors: (typeof me)[], extra: object = {}) => ({
      ...createNews({ title, ...extra }),
      stage: 'draft' in extra ? 'draft' : 'published',
      version: 1,
      assignee: null,
      dueAt: null,
      category: '',
      subcategory: '',
      publisher: '',
      anchor: '',
      authors,
    });
    const rows = [
      row('My draft', [me], { draft: true, publishAt: null }),
      row('My published story', [me]),
      row('Their story', [other]),
    ];
    stubFetch(
      on('GET', '/news/get', ok({ data: rows, count: 3 }, 'OK', { count: 3 })),
      on(
        'GET',
        '/auth/me',
        ok({ ...me, email: 'dev@example.com', role: 'author', bio: '', links: [] }),
      ),
    );
    renderAdmin(<NewsTableScreen />, { role: 'author' });
    await screen.findByRole('button', { name: 'Edit My draft' });
    expect(screen.getByRole('button', { name: 'Delete My draft' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Edit My published story' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Delete My published story' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Their story' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Their story' })).toBeNull();
  });
});

describe('the publish control of a contributor', { timeout: 20_000 }, () => {
  it('offers only a draft or review, says who publishes, and sends a draft', async () => {
    const item = createNews({ categoryId: 'c1', publisherId: 'p1', draft: true, publishAt: null });
    stubFetch(
      ...taxonomy,
      on('GET', '/auth/me', ok({ _id: 'staff-1', name: 'Asha Rao', slug: 'asha-rao' })),
    );
    const onSave = vi.fn(async (_form: FormData) => undefined);
    renderAdmin(
      <NewsForm
        mode="update"
        timeZone="Asia/Kolkata"
        initial={formFromNews(item, 'Asia/Kolkata')}
        authors={item.authors}
        pending={false}
        onSave={onSave}
      />,
      { role: 'contributor' },
    );
    const publishing = await screen.findByRole('group', { name: 'Publishing' }, { timeout: 5000 });
    await screen.findByRole('textbox', { name: 'Description' }, { timeout: 5000 });
    expect(screen.getByRole('radio', { name: 'Save as draft' })).toBeChecked();
    expect(screen.queryByRole('radio', { name: 'Publish now' })).toBeNull();
    expect(screen.queryByRole('radio', { name: 'Schedule at' })).toBeNull();
    expect(await screen.findByRole('radio', { name: 'Send to review' })).not.toBeChecked();
    expect(screen.getAllByRole('radio')).toHaveLength(2);
    expect(publishing).toHaveTextContent('an editor reviews and publishes them');
    await userEvent.click(screen.getByRole('button', { name: 'Update News' }));
    await vi.waitFor(() => expect(onSave).toHaveBeenCalledOnce());
    expect(onSave.mock.lastCall?.[0].get('draft')).toBe('true');
  });
});
