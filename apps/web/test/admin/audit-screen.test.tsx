import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntryDto } from '@newsroom/contract';
import { AuditScreen } from '../../src/admin/audit/AuditScreen.tsx';
import { ok, on, stubFetch, type StubbedCall } from './fetch-stub.ts';
import { renderAdmin } from './render.tsx';

const entry = (over: Partial<AuditEntryDto>): AuditEntryDto => ({
  _id: 'e1',
  at: '2026-11-20T10:42:00.000Z',
  actor: { _id: 'p1', name: 'Asha Rao' },
  action: 'update',
  kind: 'news',
  thingId: 'n1',
  title: 'Council passes budget',
  address: '203.0.113.9',
  changes: [{ field: 'title', before: 'Council meets tonight', after: 'Council passes budget' }],
  ...over,
});

const staff = [
  {
    _id: 'p1',
    name: 'Asha Rao',
    email: 'asha@example.com',
    role: 'editor',
    status: 'active',
    slug: 'asha-rao',
    lastSignInAt: null,
  },
];

const auditCalls = (calls: StubbedCall[]) =>
  calls
    .filter((call) => new URL(call.url, 'http://x').pathname === '/api/v1/audit')
    .map((call) => new URL(call.url, 'http://x').searchParams);

afterEach(() => vi.unstubAllGlobals());

describe('the audit screen', () => {
  it('shows who changed what, from where, with each field before and after, linked to the thing', async () => {
    stubFetch(
      on('GET', '/staff', ok(staff)),
      on(
        'GET',
        '/audit',
        ok(
          [
            entry({}),
            entry({
              _id: 'e2',
              actor: null,
              action: 'sign_in_failed',
              kind: 'session',
              thingId: null,
              title: 'who@example.com',
              changes: [],
            }),
          ],
          'OK',
          { count: 2, countCapped: false },
        ),
      ),
    );
    renderAdmin(<AuditScreen />, { role: 'admin' });
    const row = await screen.findByRole('row', { name: /Council passes budget/ });
    const table = screen.getByRole('table', { name: 'Audit entries' });
    expect(within(row).getByText('Asha Rao')).toBeVisible();
    expect(within(row).getByText('203.0.113.9')).toBeVisible();
    expect(within(row).getByLabelText('before: Council meets tonight')).toBeVisible();
    expect(within(row).getByLabelText('after: Council passes budget')).toBeVisible();
    expect(within(row).getByRole('link', { name: 'Council passes budget' })).toHaveAttribute(
      'href',
      '/news/update/n1',
    );
    const failed = within(table).getByRole('row', { name: /who@example.com/ });
    expect(within(failed).getByText('Someone unknown')).toBeVisible();
    expect(within(failed).getByText(/failed to sign in/)).toBeVisible();
    expect(screen.getByText('2 entries')).toBeVisible();
  });

  it('asks the server again for each filter, from the first page', async () => {
    const calls = stubFetch(
      on('GET', '/staff', ok(staff)),
      on('GET', '/audit', ok([entry({})], 'OK', { count: 45, countCapped: false })),
    );
    renderAdmin(<AuditScreen />, { role: 'admin' });
    await screen.findByRole('row', { name: /Council passes budget/ });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(auditCalls(calls).at(-1)?.get('page')).toBe('2'));

    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Person' }), 'p1');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'category');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'delete');
    await waitFor(() => {
      const last = auditCalls(calls).at(-1);
      expect(last?.get('actor')).toBe('p1');
      expect(last?.get('kind')).toBe('category');
      expect(last?.get('action')).toBe('delete');
      expect(last?.get('page')).toBe('1');
    });
    await userEvent.type(screen.getByLabelText('From'), '2026-11-01');
    await waitFor(() => {
      const from = auditCalls(calls).at(-1)?.get('from');
      expect(from && new Date(from).getTime()).toBe(new Date('2026-11-01T00:00:00').getTime());
    });
  });

  it('offers an editor the kinds of articles only, and says when the count was capped', async () => {
    stubFetch(
      on('GET', '/staff', ok([])),
      on('GET', '/audit', ok([entry({})], 'OK', { count: 10_000, countCapped: true })),
    );
    renderAdmin(<AuditScreen />, { role: 'editor' });
    await screen.findByRole('row', { name: /Council passes budget/ });
    const kinds = within(screen.getByRole('combobox', { name: 'Kind' })).getAllByRole('option');
    expect(kinds.map((option) => option.textContent)).toEqual([
      'Everything',
      'Article',
      'Live entry',
    ]);
    expect(screen.getByText(/More than 10,000 entries/)).toBeVisible();
  });
});
