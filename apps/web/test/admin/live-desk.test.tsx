import type { LiveEntryView, Role } from '@newsroom/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onTestFinished } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveDeskScreen } from '../../src/admin/live/LiveDeskScreen.tsx';
import { NOT_PUBLIC_REFRESH_MS } from '../../src/admin/live/use-live-entries.ts';
import { clearAuth, setAuth } from '../../src/lib/auth-store.ts';
import { createNews } from '../public/factories.ts';
import { FakeEventSource } from './fake-event-source.ts';
import { fail, ok, on, stubFetch, type StubbedCall } from './fetch-stub.ts';

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

const article = {
  ...createNews({ _id: 'n1', slug: 'storm-live', title: 'Storm over the coast: live' }),
  live: true,
  liveEndedAt: null,
  stage: 'published',
  version: 3,
  assignee: null,
  dueAt: null,
};

function entry(n: number, overrides: Partial<LiveEntryView> = {}): LiveEntryView {
  const at = `2026-11-27T05:${String(10 + n).padStart(2, '0')}:00.000Z`;
  return {
    _id: `e${n}`,
    text: `<p>Update number ${n} from the coast</p>`,
    createdAt: at,
    updatedAt: at,
    by: { _id: 'staff-1', name: 'Asha Rao', slug: 'asha-rao' },
    pinned: false,
    keyEvent: false,
    imageURL: null,
    alt: '',
    videoURL: '',
    ...overrides,
  };
}

/** The coverage a page of entries reads: on, its last change the 7th. */
const coverage = { startedAt: '2026-11-27T05:00:00.000Z', endedAt: null, lastEventId: '7' };

let calls: StubbedCall[];
const writes = () => calls.filter((call) => call.method !== 'GET');
const bodyOf = (call: StubbedCall | undefined) => JSON.parse(String(call?.body)) as object;

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => vi.unstubAllGlobals());

/** The desk screen of article n1, its calls answered by `routes`, then its list by `listed`. */
async function renderDesk(
  listed: LiveEntryView[],
  routes: Parameters<typeof stubFetch> = [],
  { role = 'editor', item = article }: { role?: Role; item?: object } = {},
) {
  calls = stubFetch(
    ...routes,
    on('GET', '/auth/me', ok(me)),
    on('GET', '/news/get/n1', ok(item)),
    on('GET', '/news/n1/live', ok(listed, 'OK', { count: listed.length, coverage })),
  );
  setAuth({ role, email: `${role}@example.com`, accessToken: 'test-access-token' });
  onTestFinished(() => clearAuth());
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/news/live/n1']}>
        <Routes>
          <Route path="/news/live/:id" element={<LiveDeskScreen />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await screen.findByRole('heading', { name: 'Live desk' });
}

/** The desk of article n1 open, with its event stream. */
async function openDesk(...args: Parameters<typeof renderDesk>) {
  await renderDesk(...args);
  await screen.findByRole('heading', { name: 'Storm over the coast: live' });
  const stream = await waitFor(() => {
    const opened = FakeEventSource.opened[0];
    if (!opened) throw new Error('the desk opened no event stream');
    return opened;
  });
  return { stream };
}

const shownEntries = () =>
  within(screen.getByRole('list', { name: 'Entries, newest first' }))
    .getAllByRole('article')
    .map((item) => item.getAttribute('aria-label'));

const entryNamed = (text: string) => screen.getByRole('article', { name: new RegExp(text) });

/** The composer's rich-text editor, once Quill has loaded. */
const composerText = () =>
  within(screen.getByRole('form', { name: 'New entry' })).findByRole(
    'textbox',
    { name: 'Entry' },
    { timeout: 5000 },
  );

/**
 * Writes `text` into a rich-text editor as its document (typing into Quill's editable element
 * scrambles the letters in jsdom, which has no real selection); Quill hears it as an edit.
 */
async function write(textbox: HTMLElement, text: string) {
  await act(async () => {
    textbox.innerHTML = `<p>${text}</p>`;
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

describe('the live desk', { timeout: 20_000 }, () => {
  it('lists the entries newest first and shows what others post, change and delete, live', async () => {
    const { stream } = await openDesk([entry(2), entry(1)]);
    // Opened from the change the page read reached: nothing between them is missed.
    expect(stream.url).toBe('/api/v1/u/news/storm-live/live/events?lastEventId=7');
    await screen.findByText('Update number 2 from the coast');
    expect(shownEntries()).toEqual([
      'Update number 2 from the coast',
      'Update number 1 from the coast',
    ]);

    stream.emit('entry', entry(3));
    // The same event again (a resumed stream): still shown once.
    stream.emit('entry', entry(3));
    expect(shownEntries()).toEqual([
      'Update number 3 from the coast',
      'Update number 2 from the coast',
      'Update number 1 from the coast',
    ]);
    expect(screen.getByRole('heading', { name: 'Entries (3)' })).toBeVisible();

    stream.emit(
      'entry-updated',
      entry(2, { text: '<p>Ferries stopped for the night</p>', updatedAt: '2026-11-27T06:00:00Z' }),
    );
    expect(shownEntries()[1]).toBe('Ferries stopped for the night');
    stream.emit('entry-deleted', { _id: 'e1' });
    expect(shownEntries()).toEqual([
      'Update number 3 from the coast',
      'Ferries stopped for the night',
    ]);
    expect(screen.getByRole('heading', { name: 'Entries (2)' })).toBeVisible();
    // Everything came by the stream: the list was read once.
    expect(calls.filter((call) => call.url.includes('/news/n1/live'))).toHaveLength(1);
  });

  it('posts an entry, shows it once when the stream echoes it, and gives the composer the focus back', async () => {
    const posted = entry(5, { text: '<p>Power is back in the harbour</p>', keyEvent: true });
    const { stream } = await openDesk([entry(1)], [on('POST', '/news/n1/live', ok(posted))]);
    const text = await composerText();
    await write(text, 'Power is back in the harbour');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Key event' }));
    await userEvent.click(screen.getByRole('button', { name: 'Post entry' }));

    await waitFor(() => expect(shownEntries()[0]).toBe('Power is back in the harbour'));
    const body = bodyOf(writes()[0]) as { text: string; keyEvent: boolean; pinned: boolean };
    expect(body.text).toContain('Power is back in the harbour');
    expect(body).toMatchObject({ keyEvent: true, pinned: false });
    stream.emit('entry', posted);
    expect(shownEntries()).toEqual([
      'Power is back in the harbour',
      'Update number 1 from the coast',
    ]);
    expect(within(entryNamed('Power is back')).getByText('Key event')).toBeVisible();
    // Empty again, and focused for the next entry.
    await waitFor(() => expect(text).toHaveFocus());
    expect(text).toHaveTextContent('');
    expect(screen.getByRole('checkbox', { name: 'Key event' })).not.toBeChecked();
  });

  it('posts with Ctrl+Enter from the composer', async () => {
    const posted = entry(6, { text: '<p>Roads reopen</p>' });
    await openDesk([], [on('POST', '/news/n1/live', ok(posted))]);
    const text = await composerText();
    await write(text, 'Roads reopen');
    text.focus();
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(shownEntries()).toEqual(['Roads reopen']));
    expect(writes()).toHaveLength(1);
    expect((bodyOf(writes()[0]) as { text: string }).text).toBe('<p>Roads reopen</p>');
  });

  it('sends a picture with its description as multipart', async () => {
    const posted = entry(7, { text: '<p>The flooded square</p>', imageURL: '/uploads/live/7.png' });
    await openDesk([], [on('POST', '/news/n1/live', ok(posted))]);
    await write(await composerText(), 'The flooded square');
    const picture = new File(['png'], 'square.png', { type: 'image/png' });
    await userEvent.upload(screen.getByLabelText('Picture (optional)'), picture);
    await userEvent.type(screen.getByLabelText('Picture description'), 'Water in the square');
    await userEvent.click(screen.getByRole('button', { name: 'Post entry' }));
    await waitFor(() => expect(shownEntries()).toEqual(['The flooded square']));
    const form = writes()[0]?.body as FormData;
    expect(form.get('image')).toBe(picture);
    expect(form.get('alt')).toBe('Water in the square');
    expect(form.get('text')).toBe('<p>The flooded square</p>');
    expect(form.get('keyEvent')).toBe('false');
  });

  it('says why a post was refused, and keeps what was written', async () => {
    await openDesk(
      [],
      [
        on(
          'POST',
          '/news/n1/live',
          fail(409, 'Coverage of this live page has ended: entries can no longer be added'),
        ),
      ],
    );
    const text = await composerText();
    await write(text, 'Late news');
    await userEvent.click(screen.getByRole('button', { name: 'Post entry' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Coverage of this live page has ended: entries can no longer be added',
    );
    expect(text).toHaveTextContent('Late news');
    expect(screen.getByText('No entries yet.')).toBeVisible();
  });

  it('does not post an empty entry', async () => {
    await openDesk([]);
    await composerText();
    await userEvent.click(screen.getByRole('button', { name: 'Post entry' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('some text is required');
    expect(writes()).toEqual([]);
  });

  it('checks the video address as the server does, before posting', async () => {
    await openDesk([]);
    await write(await composerText(), 'Footage from the pier');
    await userEvent.type(screen.getByLabelText('Video URL (optional)'), 'ftp://example.com/pier');
    await userEvent.click(screen.getByRole('button', { name: 'Post entry' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'videoURL must be an http(s) address',
    );
    expect(writes()).toEqual([]);
  });

  it('pins an entry and marks it as a key event', async () => {
    await openDesk(
      [entry(1)],
      [
        (call) =>
          call.method === 'PUT' && call.url.endsWith('/news/n1/live/e1')
            ? ok(entry(1, { ...(bodyOf(call) as object), updatedAt: '2026-11-27T06:00:00Z' }))
            : undefined,
      ],
    );
    const item = await waitFor(() => entryNamed('Update number 1'));
    await userEvent.click(within(item).getByRole('button', { name: 'Pin' }));
    expect(await within(item).findByText('Pinned')).toBeVisible();
    expect(bodyOf(writes()[0])).toEqual({ pinned: true });
    expect(within(item).getByRole('button', { name: 'Unpin' })).toBeVisible();
    await userEvent.click(within(item).getByRole('button', { name: 'Mark key event' }));
    expect(await within(item).findByText('Key event')).toBeVisible();
    expect(bodyOf(writes()[1])).toEqual({ keyEvent: true });
  });

  it('edits an entry in place, and Escape leaves an edit unsaved', async () => {
    await openDesk(
      [entry(1)],
      [
        on(
          'PUT',
          '/news/n1/live/e1',
          ok(entry(1, { text: '<p>Update one, corrected</p>', updatedAt: '2026-11-27T06:00:00Z' })),
        ),
      ],
    );
    const item = await waitFor(() => entryNamed('Update number 1'));
    await userEvent.click(within(item).getByRole('button', { name: 'Edit' }));
    const text = await within(item).findByRole(
      'textbox',
      { name: 'Entry text' },
      { timeout: 5000 },
    );
    await waitFor(() => expect(text).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    expect(within(item).queryByRole('textbox', { name: 'Entry text' })).toBeNull();
    await waitFor(() => expect(within(item).getByRole('button', { name: 'Edit' })).toHaveFocus());
    expect(writes()).toEqual([]);

    await userEvent.click(within(item).getByRole('button', { name: 'Edit' }));
    await write(
      await within(item).findByRole('textbox', { name: 'Entry text' }, { timeout: 5000 }),
      'Update one, corrected',
    );
    await userEvent.click(within(item).getByRole('button', { name: 'Save entry' }));
    expect(await screen.findByText('Update one, corrected')).toBeVisible();
    expect(bodyOf(writes()[0])).toEqual({ text: '<p>Update one, corrected</p>' });
    expect(within(entryNamed('Update one, corrected')).getByText(/edited/)).toBeVisible();
  });

  it('deletes an entry once confirmed, and not when cancelled', async () => {
    await openDesk([entry(2), entry(1)], [on('DELETE', '/news/n1/live/e1', ok(null))]);
    const item = await waitFor(() => entryNamed('Update number 1'));
    await userEvent.click(within(item).getByRole('button', { name: 'Delete' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete entry' })).getByRole('button', {
        name: 'Cancel',
      }),
    );
    expect(writes()).toEqual([]);
    expect(shownEntries()).toHaveLength(2);

    await userEvent.click(within(item).getByRole('button', { name: 'Delete' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete entry' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(shownEntries()).toEqual(['Update number 2 from the coast']));
    expect(writes()[0]?.method).toBe('DELETE');
  });

  it('freezes when coverage ends', async () => {
    const { stream } = await openDesk([entry(1)]);
    await composerText();
    stream.emit('ended', { liveEndedAt: '2026-11-27T06:30:00.000Z' });
    expect(screen.getByText('Coverage ended Nov 27, 2026, 12:00 PM.')).toBeVisible();
    expect(screen.getByText(/The live page is frozen/)).toBeVisible();
    expect(screen.queryByRole('form', { name: 'New entry' })).toBeNull();
    expect(within(entryNamed('Update number 1')).queryByRole('button')).toBeNull();
    expect(stream.readyState).toBe(FakeEventSource.CLOSED);
  });

  it('reads the entries again and listens anew when the browser gives up on the stream', async () => {
    const { stream } = await openDesk([entry(1)]);
    calls = stubFetch(
      on('GET', '/auth/me', ok(me)),
      on('GET', '/news/get/n1', ok(article)),
      on(
        'GET',
        '/news/n1/live',
        ok([entry(2), entry(1)], 'OK', { count: 2, coverage: { ...coverage, lastEventId: '9' } }),
      ),
    );
    stream.readyState = FakeEventSource.CLOSED;
    act(() => stream.onerror?.());
    expect(screen.getByText('Connecting to the live stream...')).toBeVisible();
    // The entry posted while the stream was gone is read, then the stream opened after it.
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(2), { timeout: 6000 });
    expect(FakeEventSource.opened[1]?.url).toMatch(/\?lastEventId=9$/);
    expect(shownEntries()).toEqual([
      'Update number 2 from the coast',
      'Update number 1 from the coast',
    ]);
  });

  it('opens no stream for a live page whose coverage has ended', async () => {
    await renderDesk(
      [entry(1)],
      [
        on(
          'GET',
          '/news/n1/live',
          ok([entry(1)], 'OK', {
            count: 1,
            coverage: { ...coverage, endedAt: '2026-11-27T06:30:00Z' },
          }),
        ),
      ],
    );
    expect(await screen.findByText(/The live page is frozen/)).toBeVisible();
    expect(screen.getByText('Update number 1 from the coast')).toBeVisible();
    expect(FakeEventSource.opened).toEqual([]);
    expect(screen.queryByRole('form', { name: 'New entry' })).toBeNull();
  });

  it('opens no stream for a page readers cannot see yet, and reads its newest entries again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    let reads = 0;
    // First e2 and e1; at the next read someone has posted e3 and deleted e2.
    const later: Parameters<typeof stubFetch>[number] = (call) => {
      if (
        call.method !== 'GET' ||
        new URL(call.url, 'http://test').pathname !== '/api/v1/news/n1/live'
      )
        return undefined;
      reads += 1;
      return reads === 1
        ? ok([entry(2), entry(1)], 'OK', { count: 2, coverage })
        : ok([entry(3), entry(1)], 'OK', { count: 2, coverage });
    };
    await renderDesk([], [later], { item: { ...article, stage: 'draft' } });
    expect(
      await screen.findByText(/Not published yet: readers see these entries once it is/),
    ).toBeVisible();
    await screen.findByText('Update number 2 from the coast');
    expect(FakeEventSource.opened).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(NOT_PUBLIC_REFRESH_MS));
    await waitFor(() =>
      expect(shownEntries()).toEqual([
        'Update number 3 from the coast',
        'Update number 1 from the coast',
      ]),
    );
    expect(FakeEventSource.opened).toEqual([]);
  });

  it('ends coverage once confirmed, at the server’s time', async () => {
    const ended = { ...coverage, endedAt: '2026-11-27T06:30:00.000Z', lastEventId: '8' };
    await openDesk([entry(1)], [on('PUT', '/news/n1/live', ok(ended))]);
    await userEvent.click(screen.getByRole('button', { name: 'End coverage' }));
    const dialog = screen.getByRole('dialog', { name: 'End coverage' });
    expect(writes()).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'End coverage' }));
    expect(await screen.findByText('Coverage ended Nov 27, 2026, 12:00 PM.')).toBeVisible();
    expect(bodyOf(writes()[0])).toEqual({ ended: true });
    expect(screen.queryByRole('form', { name: 'New entry' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Resume coverage' })).toBeVisible();
  });

  it('opens for an author on their own live page', async () => {
    await openDesk([entry(1)], [], {
      role: 'author',
      item: { ...article, authors: [{ _id: 'staff-9', name: 'Bram', slug: 'bram' }] },
    });
    expect(await screen.findByRole('form', { name: 'New entry' })).toBeVisible();
  });

  it('tells an author it is not theirs to run when the live page is another’s', async () => {
    await renderDesk([entry(1)], [], { role: 'author' });
    expect(
      await screen.findByText('Your role may not write the entries of live pages.'),
    ).toBeVisible();
    expect(screen.queryByRole('form', { name: 'New entry' })).toBeNull();
  });
});
