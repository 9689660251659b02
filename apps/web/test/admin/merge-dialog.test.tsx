import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { AdminNewsDto } from '@newsroom/contract';
import { NewsUpdateScreen } from '../../src/admin/news/NewsEditorScreens.tsx';
import { clearAuth, setAuth } from '../../src/lib/auth-store.ts';
import { createNews } from '../public/factories.ts';
import { FakeEventSource } from './fake-event-source.ts';
import { ok, on, stubFetch, type StubbedCall } from './fetch-stub.ts';

/*
 * Edits that never overwrite each other (decision 107): a save refused because someone saved
 * since opens both versions side by side; the person keeps each field from either side and
 * saves the merge over the newer version.
 */

afterEach(() => vi.unstubAllGlobals());

const BODY = 'The park by the river opens with new paths, benches and a playground. '.repeat(4);

const stored = (overrides: Partial<AdminNewsDto>): AdminNewsDto => ({
  ...createNews({
    _id: 'news-1',
    categoryId: 'c1',
    publisherId: 'p1',
    category: { _id: 'c1', name: 'Sports' },
    publisher: { _id: 'p1', name: 'Daily Post' },
    title: 'The river park opens on Sunday',
    slug: 'river-park',
    description: `<p>${BODY}</p>`,
  }),
  stage: 'draft',
  draft: true,
  publishAt: null,
  version: 1,
  assignee: null,
  dueAt: null,
  ...overrides,
});

const opened = stored({});
const savedSince = stored({
  version: 2,
  updatedAt: '2026-11-27T10:42:00.000Z',
  description: `<p>${BODY} It opens on Sunday morning, the mayor said.</p>`,
  tags: ['parks'],
});

/** The calls of the screen: the article read (then read again, as saved since), the saves. */
function stubServer(since: AdminNewsDto = savedSince) {
  let reads = 0;
  let saves = 0;
  const calls = stubFetch(
    on('GET', '/category/get', ok([{ _id: 'c1', name: 'Sports', subcategory: [] }])),
    on('GET', '/publisher/get', ok([{ _id: 'p1', name: 'Daily Post' }])),
    on('GET', '/anchor/get', ok([])),
    on('GET', '/staff/authors', ok([])),
    on('GET', '/auth/me', ok({ _id: 'staff-1', name: 'Asha Rao', slug: 'asha-rao' })),
    on('POST', '/news/news-1/presence', ok([])),
    (call: StubbedCall) => {
      if (!call.url.includes('/news/get/news-1')) return undefined;
      reads += 1;
      return ok(reads === 1 ? opened : since);
    },
    (call: StubbedCall) => {
      if (call.method !== 'PUT') return undefined;
      saves += 1;
      if (saves === 1) {
        return {
          status: 409,
          body: {
            statusCode: 409,
            code: 'CONFLICT',
            message: 'Ravi Menon saved this article at 2026-11-27T10:42:00.000Z (version 2)',
            data: { version: 2, updatedAt: since.updatedAt, updatedBy: null },
          },
        };
      }
      return ok(since, 'News updated successfully');
    },
  );
  return () => calls.filter((call) => call.method === 'PUT');
}

/** The editor, opened with nobody else editing the article (its event stream says so). */
async function renderEditor() {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  setAuth({ role: 'editor', email: 'editor@example.com', accessToken: 'test-access-token' });
  onTestFinished(() => clearAuth());
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/news/update/news-1']}>
        <Routes>
          <Route path="/news/update/:id" element={<NewsUpdateScreen />} />
          <Route path="/newsTable" element={<p>The news table</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
  FakeEventSource.opened[0]?.emit('presence', []);
}

describe('a save over a version saved since', { timeout: 20_000 }, () => {
  it('shows both versions and saves the merge chosen field by field', async () => {
    const saves = stubServer();
    await renderEditor();
    await screen.findByRole('textbox', { name: 'Description' }, { timeout: 5000 });
    const title = screen.getByLabelText('Title');
    await userEvent.clear(title);
    await userEvent.type(title, 'The river park opens on Saturday');
    await userEvent.click(screen.getByRole('button', { name: 'Update News' }));

    const dialog = await screen.findByRole('dialog', {
      name: 'Someone saved this article since you opened it',
    });
    expect((saves()[0]?.body as FormData).get('version')).toBe('1');
    // Only what differs, both ways: the title (changed here), the body and tags (changed there).
    const rows = within(dialog)
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent);
    expect(rows).toEqual(['Title', 'Body', 'Tags']);
    expect(within(dialog).getByTestId('merge-title-mine')).toHaveTextContent(
      'The river park opens on Saturday',
    );
    expect(within(dialog).getByTestId('merge-title-theirs')).toHaveTextContent(
      'The river park opens on Sunday',
    );
    expect(within(dialog).getByTestId('merge-description-theirs')).toHaveTextContent(
      'the mayor said',
    );

    // Keep my title, take their body and tags.
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Body: saved since' }));
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Tags: saved since' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save the merge' }));

    await screen.findByText('The news table');
    expect(saves()).toHaveLength(2);
    const merge = saves()[1]?.body as FormData;
    expect(merge.get('version')).toBe('2');
    expect(merge.get('title')).toBe('The river park opens on Saturday');
    expect(merge.get('description')).toContain('the mayor said');
    expect(merge.getAll('tags')).toEqual(['parks']);
  });

  it('offers the live page switch both ways when it was turned on since', async () => {
    const saves = stubServer({ ...savedSince, live: true, liveEndedAt: null });
    await renderEditor();
    await screen.findByRole('textbox', { name: 'Description' }, { timeout: 5000 });
    await userEvent.type(screen.getByLabelText('Title'), ' (updated)');
    await userEvent.click(screen.getByRole('button', { name: 'Update News' }));

    const dialog = await screen.findByRole('dialog', {
      name: 'Someone saved this article since you opened it',
    });
    expect(within(dialog).getByTestId('merge-live-mine')).toHaveTextContent('Not a live page');
    expect(within(dialog).getByTestId('merge-live-theirs')).toHaveTextContent('A live page');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Live page: saved since' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save the merge' }));

    await screen.findByText('The news table');
    expect((saves()[1]?.body as FormData).get('live')).toBe('true');
  });

  it('goes back to the edit, unsaved, when the person chooses to', async () => {
    const saves = stubServer();
    await renderEditor();
    await screen.findByRole('textbox', { name: 'Description' }, { timeout: 5000 });
    await userEvent.click(screen.getByRole('button', { name: 'Update News' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Back to my edit' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(saves()).toHaveLength(1);
    expect(screen.getByLabelText('Title')).toHaveValue('The river park opens on Sunday');
  });
});
