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

  it('shows an editor the people without the controls of an admin', async () => {
    stubFetch(on('GET', '/staff', ok(staff.slice(1))));
    renderAdmin(<StaffScreen />, { role: 'editor' });
    expect(await screen.findByRole('cell', { name: 'Asha Rao' })).toBeVisible();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Suspend' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  });
});
