import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Me, SessionDto } from '@newsroom/contract';
import { SecurityScreen } from '../../src/admin/security/SecurityScreen.tsx';
import { describeDevice } from '../../src/admin/security/device.ts';
import { fail, ok, on, stubFetch } from './fetch-stub.ts';
import { renderAdmin } from './render.tsx';

const me = (over: Partial<Me> = {}): Me => ({
  _id: 'me',
  name: 'Asha Rao',
  email: 'asha@example.com',
  role: 'author',
  slug: 'asha-rao',
  bio: '',
  links: [],
  pictureURL: null,
  twoFactor: false,
  twoFactorRequired: false,
  ...over,
});

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

const sessions: SessionDto[] = [
  {
    _id: 's1',
    current: true,
    createdAt: '2026-11-26T10:00:00.000Z',
    lastUsedAt: '2026-11-27T01:00:00.000Z',
    address: '10.0.0.1',
    agent: FIREFOX,
  },
  {
    _id: 's2',
    current: false,
    createdAt: '2026-11-20T10:00:00.000Z',
    lastUsedAt: '2026-11-21T10:00:00.000Z',
    address: '10.0.0.2',
    agent: IPHONE,
  },
];

const codes = Array.from({ length: 10 }, (_, i) => `abcd-efgh-jkmn-pq${'abcdefghij'[i]}s`);

afterEach(() => vi.unstubAllGlobals());

describe('the Security screen', () => {
  it('turns two-factor sign-in on: QR code and key, a first code, then the recovery codes once', async () => {
    const calls = stubFetch(
      on('GET', '/auth/me', ok(me())),
      on('GET', '/auth/sessions', ok(sessions)),
      on(
        'POST',
        '/auth/2fa/setup',
        ok({
          secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          otpauthUrl: 'otpauth://totp/x',
          qrCode: 'data:image/png;base64,AAAA',
        }),
      ),
      on('POST', '/auth/2fa/enable', ok({ recoveryCodes: codes }, 'Two-factor sign-in is on')),
    );
    renderAdmin(<SecurityScreen />, { role: 'author' });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Turn on two-factor sign-in' }),
    );
    expect(await screen.findByRole('img', { name: /QR code/ })).toHaveAttribute(
      'src',
      'data:image/png;base64,AAAA',
    );
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Set up your authenticator app' })).toHaveFocus();
    await userEvent.type(screen.getByLabelText('Code from the app'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm and turn on' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(codes);
    expect(screen.getByText(/shown only this once/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Copy codes' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Download codes' })).toBeVisible();
    expect(JSON.parse(String(calls.find((c) => c.url.endsWith('/enable'))?.body))).toEqual({
      code: '123456',
    });
  });

  it('keeps the setup open with the server’s message when the first code is wrong', async () => {
    stubFetch(
      on('GET', '/auth/me', ok(me())),
      on('GET', '/auth/sessions', ok(sessions)),
      on(
        'POST',
        '/auth/2fa/setup',
        ok({
          secret: 'JBSWY3DPEHPK3PXP',
          otpauthUrl: 'otpauth://x',
          qrCode: 'data:image/png;base64,A',
        }),
      ),
      on('POST', '/auth/2fa/enable', fail(400, 'That code is not right')),
    );
    renderAdmin(<SecurityScreen />, { role: 'author' });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Turn on two-factor sign-in' }),
    );
    await userEvent.type(await screen.findByLabelText('Code from the app'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm and turn on' }));
    expect(await screen.findByText('That code is not right')).toBeVisible();
    expect(screen.getByRole('img', { name: /QR code/ })).toBeVisible();
  });

  it('turns it off with the password', async () => {
    const calls = stubFetch(
      on('GET', '/auth/me', ok(me({ twoFactor: true }))),
      on('GET', '/auth/sessions', ok(sessions)),
      on('POST', '/auth/2fa/disable', ok(null, 'Two-factor sign-in is off')),
    );
    renderAdmin(<SecurityScreen />, { role: 'author' });
    await userEvent.type(await screen.findByLabelText('Your password, to turn it off'), 'pw-1');
    await userEvent.click(screen.getByRole('button', { name: 'Turn off two-factor sign-in' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/disable'))).toBe(true));
    expect(JSON.parse(String(calls.find((c) => c.url.endsWith('/disable'))?.body))).toEqual({
      password: 'pw-1',
    });
  });

  it('offers no way off when the site requires it', async () => {
    stubFetch(
      on('GET', '/auth/me', ok(me({ twoFactor: true, twoFactorRequired: true }))),
      on('GET', '/auth/sessions', ok(sessions)),
    );
    renderAdmin(<SecurityScreen />, { role: 'author' });
    expect(await screen.findByText(/cannot be turned off/)).toBeVisible();
    expect(screen.queryByLabelText('Your password, to turn it off')).toBeNull();
  });

  it('lists the sessions in plain words and signs out another one', async () => {
    const calls = stubFetch(
      on('GET', '/auth/me', ok(me())),
      on('GET', '/auth/sessions', ok(sessions)),
      on('DELETE', '/auth/sessions/s2', ok(null, 'That session is signed out')),
    );
    renderAdmin(<SecurityScreen />, { role: 'author' });
    const table = await screen.findByRole('table', { name: 'Your signed-in sessions' });
    const here = await within(table).findByRole('row', { name: /Firefox on Linux/ });
    expect(within(here).getByText('This device')).toBeVisible();
    expect(within(here).queryByRole('button')).toBeNull();
    const there = within(table).getByRole('row', { name: /Safari on iOS/ });
    expect(within(there).getByText('10.0.0.2')).toBeVisible();
    await userEvent.click(
      within(there).getByRole('button', { name: 'Sign out Safari on iOS at 10.0.0.2' }),
    );
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
  });

  it('shows admins the site’s requirement and saves chosen roles', async () => {
    const calls = stubFetch(
      on('GET', '/auth/me', ok(me({ role: 'admin' }))),
      on('GET', '/auth/sessions', ok(sessions)),
      on('GET', '/settings/security', ok({ requireTwoFactor: 'none' })),
      on('PUT', '/settings/security', ok({ requireTwoFactor: ['editor'] })),
    );
    renderAdmin(<SecurityScreen />, { role: 'admin' });
    const group = await screen.findByRole('group', { name: 'Require two-factor sign-in' });
    await waitFor(() => expect(within(group).getByLabelText('Nobody')).toBeChecked());
    await userEvent.click(within(group).getByLabelText('These roles'));
    await userEvent.click(screen.getByRole('button', { name: 'Save setting' }));
    expect(await screen.findByText(/at least one role/)).toBeVisible();
    await userEvent.click(screen.getByLabelText('Editor'));
    await userEvent.click(screen.getByRole('button', { name: 'Save setting' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(JSON.parse(String(calls.find((c) => c.method === 'PUT')?.body))).toEqual({
      requireTwoFactor: ['editor'],
    });
  });

  it('shows the requirement to nobody but admins', async () => {
    const calls = stubFetch(
      on('GET', '/auth/me', ok(me({ role: 'editor' }))),
      on('GET', '/auth/sessions', ok(sessions)),
    );
    renderAdmin(<SecurityScreen />, { role: 'editor' });
    await screen.findByRole('table', { name: 'Your signed-in sessions' });
    expect(screen.queryByRole('group', { name: 'Require two-factor sign-in' })).toBeNull();
    expect(calls.some((c) => c.url.includes('/settings/'))).toBe(false);
  });
});

describe('describeDevice', () => {
  it.each([
    [FIREFOX, 'Firefox on Linux'],
    [IPHONE, 'Safari on iOS'],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
      'Chrome on macOS',
    ],
    ['', 'Unknown device'],
  ])('names %j as %s', (agent, words) => {
    expect(describeDevice(agent)).toBe(words);
  });
});
