import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Revision, RevisionSummary } from '@newsroom/contract';
import { HistoryPanel } from '../../src/admin/news/history/HistoryPanel.tsx';
import { AUTOSAVE_EVERY_MS } from '../../src/admin/news/history/use-autosave.ts';
import { NewsForm } from '../../src/admin/news/NewsForm.tsx';
import { emptyNewsForm } from '../../src/admin/news/schema.ts';
import { ok, on, stubFetch, type StubbedCall } from './fetch-stub.ts';
import { renderAdmin } from './render.tsx';

const summary = (number: number, kind: RevisionSummary['kind'] = 'save'): RevisionSummary => ({
  _id: `r${number}`,
  number,
  createdAt: `2026-11-2${number}T10:42:00.000Z`,
  by: { _id: 'p1', name: 'Asha Rao' },
  stage: 'published',
  kind,
});

const revisionOne: Revision = {
  ...summary(1),
  title: 'Council meets tonight',
  slug: 'council-meets',
  metaDescription: 'The council meets.',
  description: '<p>The council <strong>meets</strong> tonight.</p>',
  tags: ['council'],
  category: { _id: 'c1', name: 'City' },
  subCategory: null,
  publisher: { _id: 'p1', name: 'Daily Post' },
  anchor: null,
  image: null,
  alt: 'The hall',
  videoURL: '',
  status: true,
  draft: false,
  publishedAt: '2026-11-21T10:42:00.000Z',
  authors: [{ _id: 'p1', name: 'Asha Rao' }],
};

const comparison = {
  fields: [
    {
      field: 'title',
      changes: [
        { op: 'equal', text: 'Council ' },
        { op: 'delete', text: 'meets tonight' },
        { op: 'insert', text: 'passes budget' },
      ],
    },
    { field: 'slug', changes: [{ op: 'equal', text: 'council-meets' }] },
    {
      field: 'body',
      changes: [
        { op: 'equal', text: 'The council ' },
        { op: 'delete', text: 'meets' },
        { op: 'insert', text: 'votes' },
      ],
    },
  ],
};

const paths = (calls: StubbedCall[]) =>
  calls.map(
    (call) =>
      `${call.method} ${new URL(call.url, 'http://x').pathname}${new URL(call.url, 'http://x').search}`,
  );

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the history panel', () => {
  it('lists the revisions, shows one whole and compares two word by word', async () => {
    const calls = stubFetch(
      on('GET', '/news/n1/revisions', ok([summary(2), summary(1)], 'OK', { count: 2 })),
      on('GET', '/news/n1/revisions/r1', ok(revisionOne)),
      on('GET', '/news/n1/revisions/compare', ok(comparison)),
    );
    const user = userEvent.setup();
    renderAdmin(<HistoryPanel newsId="n1" />, { role: 'editor' });
    const list = await screen.findByRole('list', { name: 'Revisions' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^#2 .*Asha Rao · published · saved/),
      expect.stringMatching(/^#1 .*Asha Rao · published · saved/),
    ]);

    await user.click(screen.getByRole('button', { name: 'View #1' }));
    const shown = await screen.findByLabelText('Revision 1');
    expect(within(shown).getByText('Council meets tonight')).toBeVisible();
    // The body is shown as its text.
    expect(within(shown).getByText('The council meets tonight.')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Compare' }));
    const compared = await screen.findByLabelText('Comparison');
    expect(within(compared).getByText('meets tonight').tagName).toBe('DEL');
    expect(within(compared).getByText('passes budget').tagName).toBe('INS');
    expect(within(compared).getByText('votes').tagName).toBe('INS');
    // Fields that did not change are left out.
    expect(within(compared).queryByText('Slug')).toBeNull();
    expect(paths(calls)).toContain('GET /api/v1/news/n1/revisions/compare?from=r1&to=r2');
  });

  it('restores a revision only once confirmed', async () => {
    const calls = stubFetch(
      on('GET', '/news/n1/revisions', ok([summary(2), summary(1)], 'OK', { count: 2 })),
      on(
        'POST',
        '/news/n1/revisions/r1/restore',
        ok({ _id: 'n1', title: 'Council meets tonight' }, 'Revision restored'),
      ),
    );
    const user = userEvent.setup();
    renderAdmin(<HistoryPanel newsId="n1" />, { role: 'editor' });
    await user.click(await screen.findByRole('button', { name: 'Restore #1' }));
    const dialog = screen.getByRole('dialog', { name: 'Restore revision #1?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(paths(calls).some((call) => call.startsWith('POST'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Restore #1' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Restore' }));
    await waitFor(() =>
      expect(paths(calls)).toContain('POST /api/v1/news/n1/revisions/r1/restore'),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('autosave in the editor', () => {
  const taxonomy = [
    on(
      'GET',
      '/category/get',
      ok([{ _id: 'c1', name: 'City', subcategory: [], createdAt: '', updatedAt: '' }]),
    ),
    on('GET', '/publisher/get', ok([{ _id: 'p1', name: 'Daily Post' }])),
    on('GET', '/anchor/get', ok([])),
  ];
  const initial = {
    ...emptyNewsForm,
    title: 'Council meets tonight',
    categoryId: 'c1',
    publisherId: 'p1',
  };

  it('keeps a private copy every 15 seconds, only when something changed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = stubFetch(
      ...taxonomy,
      on('GET', '/news/n1/autosave', ok(null)),
      on('PUT', '/news/n1/autosave', ok({ savedAt: '2026-11-27T10:42:00.000Z', fields: {} })),
    );
    renderAdmin(
      <NewsForm
        mode="update"
        timeZone="Asia/Kolkata"
        initial={initial}
        newsId="n1"
        pending={false}
        onSave={async () => undefined}
      />,
      { role: 'editor' },
    );
    const title = await screen.findByLabelText('Title', {}, { timeout: 5000 });
    const puts = () => calls.filter((call) => call.method === 'PUT');
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_EVERY_MS));
    expect(puts()).toHaveLength(0);

    fireEvent.input(title, { target: { value: 'Council passes the budget' } });
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_EVERY_MS));
    expect(puts()).toHaveLength(1);
    expect(JSON.parse(String(puts()[0]?.body))).toMatchObject({
      title: 'Council passes the budget',
    });
    expect(await screen.findByRole('status')).toHaveTextContent('kept as a private copy');

    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_EVERY_MS));
    expect(puts()).toHaveLength(1);
  });

  it('offers back a copy left by an earlier session, and fills the form with it', async () => {
    stubFetch(
      ...taxonomy,
      on(
        'GET',
        '/news/n1/autosave',
        ok({ savedAt: '2026-11-27T10:42:00.000Z', fields: { title: 'Council passes the budget' } }),
      ),
    );
    const user = userEvent.setup();
    renderAdmin(
      <NewsForm
        mode="update"
        timeZone="Asia/Kolkata"
        initial={initial}
        newsId="n1"
        pending={false}
        onSave={async () => undefined}
      />,
      { role: 'editor' },
    );
    const offer = await screen.findByRole('alert');
    expect(offer).toHaveTextContent('You have unsaved changes');
    expect(screen.getByLabelText('Title')).toHaveValue('Council meets tonight');
    await user.click(within(offer).getByRole('button', { name: 'Bring them back' }));
    expect(screen.getByLabelText('Title')).toHaveValue('Council passes the budget');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
