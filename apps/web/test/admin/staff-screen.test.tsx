import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StaffDto } from '@newsroom/contract';
import { StaffScreen } from '../../src/admin/staff/StaffScreen.tsx';
import { ok, on, stubFetch } from './fetch-stub.ts';
import { renderAdmin } from './render.tsx';

const person = (over: Partial<StaffDto>): StaffDto => ({
  _id: 'p1',
  name: 'Asha Rao',
  email: 'asha@example.com',
  role: 'author',
  status: 'active',
  slug: 'asha-rao',
  twoFactor: false,
  lastSignInAt: null,
  ...over,
});

const staff = [
  person({ _id: 'a1', name: 'Admin Person', email: 'admin@example.com', role: 'admin' }),
  person({ _id: 'p1' }),
  person({ _id: 'p2', name: 'Dev Kumar', email: 'dev@example.com', role: 'contributor' }),
];

afterEach(() => vi.unstubAllGlobals());

describe('the staff screen', () => {
  it('lets an admin change a role, suspend and remove a person, handing over their articles', async () => {
    const calls = stubFetch(
      on('GET', '/staff', ok(staff)),
      on('PUT', '/staff/p1', ok(person({ role: 'editor' }), 'Staff member updated successfully')),
      on('DELETE', '/staff/p2', ok(staff[2], 'Staff member removed')),
    );
    renderAdmin(<StaffScreen />, { role: 'admin' });
    const role = await screen.findByRole('combobox', { name: 'Role of Asha Rao' });
    await userEvent.selectOptions(role, 'editor');
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(JSON.parse(String(calls.find((c) => c.method === 'PUT')?.body))).toEqual({
      role: 'editor',
    });

    const row = screen.getByRole('row', { name: /Dev Kumar/ });
    await userEvent.click(within(row).getByRole('button', { name: 'Remove' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Dev Kumar' });
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Who takes over their articles' }),
      'p1',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    const removal = new URL(String(calls.find((c) => c.method === 'DELETE')?.url), 'http://x');
    expect(removal.searchParams.get('transferTo')).toBe('p1');
  });

  it('invites a person in a role the signer may invite, and lists pending invitations', async () => {
    const invitation = {
      _id: 'i1',
      email: 'new@example.com',
      role: 'contributor' as const,
      expiresAt: '2026-12-03T10:00:00.000Z',
    };
    const calls = stubFetch(
      on('GET', '/staff', ok(staff.slice(1), 'OK', { invitations: [invitation] })),
      on('POST', '/staff/invitations', ok(invitation, 'Invitation sent')),
      on('POST', '/staff/invitations/i1/resend', ok(invitation, 'Invitation sent again')),
    );
    renderAdmin(<StaffScreen />, { role: 'editor' });
    const pending = await screen.findByRole('table', { name: 'Pending invitations' });
    expect(within(pending).getByRole('cell', { name: 'new@example.com' })).toBeVisible();
    await userEvent.click(within(pending).getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(calls.some((c) => c.url.includes('/i1/resend'))).toBe(true));

    await userEvent.click(screen.getByRole('button', { name: 'Invite someone' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite someone' });
    const roles = within(dialog).getByRole('combobox', { name: 'Role' });
    // An editor invites authors and contributors only.
    expect(
      within(roles)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Author', 'Contributor']);
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'E-mail' }),
      'new@example.com',
    );
    await userEvent.selectOptions(roles, 'author');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/staff/invitations'))).toBe(
        true,
      ),
    );
    const sent = calls.find((c) => c.method === 'POST' && c.url.endsWith('/staff/invitations'));
    expect(JSON.parse(String(sent?.body))).toEqual({ email: 'new@example.com', role: 'author' });
  });

  it('shows an editor the people without the controls of an admin', async () => {
    stubFetch(on('GET', '/staff', ok(staff.slice(1))));
    renderAdmin(<StaffScreen />, { role: 'editor' });
    expect(await screen.findByRole('cell', { name: 'Asha Rao' })).toBeVisible();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Suspend' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  });
});
