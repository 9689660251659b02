import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PreviewRow } from '@newsroom/contract';
import { PreviewPanel } from '../../src/admin/news/previews/PreviewPanel.tsx';
import { formatDateTime } from '../../src/admin/lib/format.ts';
import { ok, stubFetch, type StubbedCall } from './fetch-stub.ts';
import { renderAdmin } from './render.tsx';

const BASE = '/api/v1/news/n1/previews';
const URL_OF_LINK = 'http://news.test/preview/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';

const row = (id: string, expiresAt: string): PreviewRow => ({
  _id: id,
  revisionId: null,
  createdAt: '2026-11-27T05:00:00.000Z',
  expiresAt,
  by: { _id: 'e1', name: 'Edna Editor' },
});

/** A server of one article's links: made, listed and revoked as the API does. */
function previewServer(initial: PreviewRow[]) {
  let links = [...initial];
  const pathOf = (call: StubbedCall) => new URL(call.url, 'http://test').pathname;
  return stubFetch((call) => {
    const path = pathOf(call);
    if (call.method === 'GET' && path === BASE) return ok(links);
    if (call.method === 'POST' && path === BASE) {
      const { expiresInHours } = JSON.parse(String(call.body)) as { expiresInHours: number };
      const expiresAt = new Date(
        Date.parse('2026-11-27T06:00:00.000Z') + expiresInHours * 3_600_000,
      ).toISOString();
      links = [...links, row('p-new', expiresAt)];
      return ok({ _id: 'p-new', url: URL_OF_LINK, expiresAt }, 'Preview link made');
    }
    if (call.method === 'DELETE' && path.startsWith(`${BASE}/`)) {
      const id = path.slice(BASE.length + 1);
      const gone = links.find((link) => link._id === id);
      links = links.filter((link) => link._id !== id);
      return ok(gone, 'Preview link revoked');
    }
    return undefined;
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('the Preview panel', () => {
  it('makes a link for the chosen time, shows it once to copy, and lists it with its expiry', async () => {
    const user = userEvent.setup();
    const calls = previewServer([]);
    renderAdmin(<PreviewPanel newsId="n1" />, { role: 'editor' });
    expect(await screen.findByText('No live preview links')).toBeVisible();
    await user.selectOptions(screen.getByLabelText('Link lasts'), '7 days');
    await user.click(screen.getByRole('button', { name: 'Make a preview link' }));
    const made = await screen.findByRole('group', { name: 'New preview link' });
    expect(within(made).getByLabelText('Preview link')).toHaveValue(URL_OF_LINK);
    const post = calls.find((call) => call.method === 'POST');
    expect(JSON.parse(String(post?.body))).toEqual({ expiresInHours: 168 });
    await user.click(within(made).getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(URL_OF_LINK);
    expect(within(made).getByRole('button', { name: 'Copied' })).toBeVisible();
    const expiry = formatDateTime('2026-12-04T06:00:00.000Z');
    const table = screen.getByRole('table', { name: 'Live preview links' });
    await waitFor(() => expect(within(table).getByText(expiry)).toBeVisible());
    expect(within(table).getByText('Edna Editor')).toBeVisible();
  });

  it('revokes a live link: the call names it, and it leaves the list', async () => {
    const user = userEvent.setup();
    const soon = row('p1', '2026-11-28T05:00:00.000Z');
    const later = row('p2', '2026-11-30T05:00:00.000Z');
    const calls = previewServer([soon, later]);
    renderAdmin(<PreviewPanel newsId="n1" />, { role: 'author' });
    const revokeSoon = await screen.findByRole('button', {
      name: `Revoke the link that expires ${formatDateTime(soon.expiresAt)}`,
    });
    await user.click(revokeSoon);
    await waitFor(() =>
      expect(
        screen.queryByRole('button', {
          name: `Revoke the link that expires ${formatDateTime(soon.expiresAt)}`,
        }),
      ).toBeNull(),
    );
    expect(
      screen.getByRole('button', {
        name: `Revoke the link that expires ${formatDateTime(later.expiresAt)}`,
      }),
    ).toBeVisible();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      `${BASE}/p1`,
    ]);
  });
});
