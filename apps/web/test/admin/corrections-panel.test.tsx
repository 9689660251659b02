import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CorrectionNote, Me, StaffRef } from '@newsroom/contract';
import { CorrectionsPanel } from '../../src/admin/news/corrections/CorrectionsPanel.tsx';
import { fail, ok, on, stubFetch, type StubbedCall } from './fetch-stub.ts';
import { renderAdmin } from './render.tsx';

const NEWS = 'n1';
const PATH = `/news/${NEWS}/corrections`;

const note: CorrectionNote = {
  _id: 'c1',
  kind: 'correction',
  text: 'An earlier version gave the wrong date for the vote.',
  createdAt: '2026-11-20T10:42:00.000Z',
  by: { _id: 'p1', name: 'Asha Rao' },
  updatedAt: '2026-11-21T09:00:00.000Z',
  versions: [
    {
      text: 'An earlier version gave the wrong day.',
      at: '2026-11-20T10:42:00.000Z',
      by: { _id: 'p1', name: 'Asha Rao' },
    },
    {
      text: 'An earlier version gave the wrong date for the vote.',
      at: '2026-11-21T09:00:00.000Z',
      by: { _id: 'p2', name: 'Ben Ode' },
    },
  ],
};

const me = (id: string): Me => ({
  _id: id,
  name: 'Signed In',
  email: 'me@example.com',
  role: 'author',
  slug: 'signed-in',
  bio: '',
  links: [],
  pictureURL: null,
  twoFactor: false,
  twoFactorRequired: false,
});

const authors: StaffRef[] = [{ _id: 'own-author', name: 'Own Author', slug: 'own-author' }];

const bodyOf = (calls: StubbedCall[], method: string) =>
  calls
    .filter((call) => call.method === method)
    .map((call) => JSON.parse(String(call.body)) as Record<string, unknown>);

afterEach(() => vi.unstubAllGlobals());

describe('the Corrections panel', () => {
  it('lists the notes with their earlier texts', async () => {
    stubFetch(on('GET', PATH, ok([note])), on('GET', '/auth/me', ok(me('x'))));
    renderAdmin(<CorrectionsPanel newsId={NEWS} authors={authors} published />);
    const list = await screen.findByRole('list', { name: 'Notes' });
    expect(within(list).getByText(note.text)).toBeInTheDocument();
    // Its kind, time, writer and when it was last amended.
    expect(list).toHaveTextContent(/Correction · Nov 20, 2026.* · Asha Rao · amended Nov 21, 2026/);
    await userEvent.click(within(list).getByText('Earlier texts (1)'));
    const earlier = within(list).getByRole('list', { name: 'Earlier texts' });
    expect(within(earlier).getByText('An earlier version gave the wrong day.')).toBeVisible();
  });

  it('adds an update note of the kind chosen, then shows the list read again', async () => {
    const added: CorrectionNote = {
      ...note,
      _id: 'c2',
      kind: 'update',
      text: 'The council has since published the minutes.',
      versions: [],
    };
    let listed: CorrectionNote[] = [];
    const calls = stubFetch(
      (call) => (call.method === 'GET' && call.url.endsWith(PATH) ? ok(listed) : undefined),
      (call) => {
        if (call.method !== 'POST') return undefined;
        listed = [added];
        return ok(added, 'Update note added');
      },
    );
    renderAdmin(<CorrectionsPanel newsId={NEWS} authors={authors} published />, {
      role: 'editor',
    });
    expect(await screen.findByText('No notes yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Update' }));
    await userEvent.type(screen.getByLabelText('Text'), `  ${added.text}  `);
    await userEvent.click(screen.getByRole('button', { name: 'Add update' }));
    await waitFor(() =>
      expect(bodyOf(calls, 'POST')).toEqual([{ kind: 'update', text: added.text }]),
    );
    expect(await screen.findByText(added.text)).toBeInTheDocument();
    expect(screen.getByLabelText('Text')).toHaveValue('');
  });

  it('refuses a text too short before sending it', async () => {
    const calls = stubFetch(on('GET', PATH, ok([])));
    renderAdmin(<CorrectionsPanel newsId={NEWS} authors={authors} published />);
    await userEvent.type(await screen.findByLabelText('Text'), 'Too short');
    await userEvent.click(screen.getByRole('button', { name: 'Add correction' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/10 to 2000 characters/);
    expect(bodyOf(calls, 'POST')).toEqual([]);
  });

  it('amends a note from its current text, and keeps the text when the server refuses', async () => {
    const calls = stubFetch(
      on('GET', PATH, ok([note])),
      on('PUT', `${PATH}/c1`, fail(409, 'Something changed')),
    );
    renderAdmin(<CorrectionsPanel newsId={NEWS} authors={authors} published />);
    await userEvent.click(await screen.findByRole('button', { name: 'Amend' }));
    const field = screen.getByLabelText('New text');
    expect(field).toHaveValue(note.text);
    await userEvent.clear(field);
    await userEvent.type(field, 'An earlier version gave the wrong date for the council vote.');
    await userEvent.click(screen.getByRole('button', { name: 'Save amendment' }));
    await waitFor(() =>
      expect(bodyOf(calls, 'PUT')).toEqual([
        { text: 'An earlier version gave the wrong date for the council vote.' },
      ]),
    );
    expect(screen.getByLabelText('New text')).toHaveValue(
      'An earlier version gave the wrong date for the council vote.',
    );
  });

  it('shows a contributor the notes and nothing to add or amend', async () => {
    stubFetch(on('GET', PATH, ok([note])), on('GET', '/auth/me', ok(me('own-author'))));
    renderAdmin(<CorrectionsPanel newsId={NEWS} authors={authors} published />, {
      role: 'contributor',
    });
    expect(await screen.findByText(note.text)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Amend' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Text')).not.toBeInTheDocument();
  });

  it('lets an author correct their own article only', async () => {
    stubFetch(on('GET', PATH, ok([note])), on('GET', '/auth/me', ok(me('someone-else'))));
    const { unmount } = renderAdmin(
      <CorrectionsPanel newsId={NEWS} authors={authors} published />,
      { role: 'author' },
    );
    expect(await screen.findByText(note.text)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Amend' })).not.toBeInTheDocument();
    unmount();
    vi.unstubAllGlobals();
    stubFetch(on('GET', PATH, ok([note])), on('GET', '/auth/me', ok(me('own-author'))));
    renderAdmin(<CorrectionsPanel newsId={NEWS} authors={authors} published />, {
      role: 'author',
    });
    expect(await screen.findByRole('button', { name: 'Amend' })).toBeInTheDocument();
    expect(screen.getByLabelText('Text')).toBeInTheDocument();
  });

  it('on an article not published, says notes come once it is', async () => {
    stubFetch(on('GET', PATH, ok([])));
    renderAdmin(<CorrectionsPanel newsId={NEWS} authors={authors} published={false} />);
    expect(
      await screen.findByText('Notes can be added once the article is published.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Text')).not.toBeInTheDocument();
  });
});
