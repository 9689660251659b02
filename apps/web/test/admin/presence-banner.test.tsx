import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ArticlePresenceGate } from '../../src/admin/news/presence/ArticlePresenceGate.tsx';
import { FakeEventSource } from './fake-event-source.ts';
import { ok, on, stubFetch, type StubbedCall } from './fetch-stub.ts';
import { renderAdmin } from './render.tsx';

const me = {
  _id: 'me',
  name: 'Bram',
  email: 'bram@example.com',
  role: 'editor',
  slug: 'bram',
  bio: '',
  links: [],
  pictureURL: null,
  twoFactor: false,
  twoFactorRequired: false,
};
// 10:42 in the site's time zone (Asia/Kolkata, the display zone where a page names none).
const asha = { _id: 'asha', name: 'Asha', since: '2026-11-27T05:12:00.000Z' };

let calls: StubbedCall[];
const heartbeats = () =>
  calls
    .filter((call) => call.method === 'POST' && call.url.endsWith('/news/n1/presence'))
    .map((call) => JSON.parse(String(call.body)) as object);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-27T06:00:00.000Z'));
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  calls = stubFetch(
    on('GET', '/auth/me', ok(me)),
    on('POST', '/news/n1/presence', ok([{ _id: 'me', name: 'Bram', since: asha.since }])),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderEditor() {
  const view = renderAdmin(
    <ArticlePresenceGate articleId="n1">
      {() => <input aria-label="Title" defaultValue="Council passes budget" />}
    </ArticlePresenceGate>,
    { role: 'editor' },
  );
  const stream = FakeEventSource.opened[0];
  if (!stream) throw new Error('the editor opened no event stream');
  return { ...view, stream };
}

describe('the news editor’s presence banner', () => {
  it('shows who is editing since when, live, and lets the person read or take over', async () => {
    const { stream } = renderEditor();
    expect(stream.url).toBe('/api/v1/news/n1/events');
    stream.emit('presence', [asha]);
    expect(await screen.findByText('Asha is editing since 10:42 AM.')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Title' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Open read-only' }));
    expect(screen.queryByRole('button', { name: 'Open read-only' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Title' })).toBeDisabled();
    expect(heartbeats()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Take over' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Title' })).toBeEnabled());
    expect(heartbeats()[0]).toEqual({ takeover: true });
    expect(screen.queryByText(/is editing since/)).toBeNull();
  });

  it('disappears when the other person leaves, and the person edits', async () => {
    const { stream } = renderEditor();
    stream.emit('presence', [asha]);
    expect(await screen.findByText(/Asha is editing since/)).toBeVisible();
    stream.emit('presence', []);
    await waitFor(() => expect(screen.queryByText(/Asha is editing/)).toBeNull());
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Title' })).toBeEnabled());
    await waitFor(() => expect(heartbeats()).toEqual([{}]));
  });

  it('turns the editor read-only, naming who took it over', async () => {
    const { stream, unmount } = renderEditor();
    stream.emit('presence', []);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Title' })).toBeEnabled());
    stream.emit('takeover', { by: { _id: 'asha', name: 'Asha' }, at: asha.since });
    expect(await screen.findByText(/took over editing at 10:42 AM/)).toHaveTextContent(
      'Asha took over editing at 10:42 AM. The article is read-only for you now.',
    );
    expect(screen.getByRole('textbox', { name: 'Title' })).toBeDisabled();
    unmount();
    expect(stream.readyState).toBe(FakeEventSource.CLOSED);
  });
});
