import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '@newsroom/contract';
import { ProfileScreen } from '../../src/admin/profile/ProfileScreen.tsx';
import { ok, on, stubFetch } from './fetch-stub.ts';
import { renderAdmin } from './render.tsx';

const me: Me = {
  _id: 'p1',
  name: 'Asha Rao',
  email: 'asha@example.com',
  role: 'contributor',
  slug: 'asha-rao',
  bio: 'Covers the courts.',
  links: ['https://example.com/asha'],
  pictureURL: null,
  twoFactor: false,
  twoFactorRequired: false,
};

afterEach(() => vi.unstubAllGlobals());

describe('the profile screen', () => {
  it('saves the name, bio and links of any role as a form, and links the author page', async () => {
    const calls = stubFetch(
      on('GET', '/auth/me', ok(me)),
      on('PUT', '/auth/me', ok({ ...me, name: 'Asha R. Rao' }, 'Profile saved')),
    );
    renderAdmin(<ProfileScreen />, { role: 'contributor' });
    const name = await screen.findByLabelText('Name');
    expect(screen.getByRole('link', { name: 'View your author page' })).toHaveAttribute(
      'href',
      '/author/asha-rao',
    );
    await userEvent.clear(name);
    await userEvent.type(name, 'Asha R. Rao');
    const links = screen.getByLabelText('Links');
    await userEvent.type(links, '{enter}https://example.org/asha');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const body = calls.find((c) => c.method === 'PUT')?.body as FormData;
    expect(body.get('name')).toBe('Asha R. Rao');
    expect(body.get('bio')).toBe('Covers the courts.');
    expect(JSON.parse(String(body.get('links')))).toEqual([
      'https://example.com/asha',
      'https://example.org/asha',
    ]);
    expect(body.get('picture')).toBeNull();
  });

  it('changes the e-mail address only with the code mailed to the new one', async () => {
    const calls = stubFetch(
      on('GET', '/auth/me', ok(me)),
      on('POST', '/auth/me/email', ok({ email: 'new@example.com' }, 'We sent a code')),
      on('POST', '/auth/me/email/verify', ok({ email: 'new@example.com' }, 'Changed')),
    );
    renderAdmin(<ProfileScreen />, { role: 'author' });
    await userEvent.type(await screen.findByLabelText('New e-mail address'), 'new@example.com');
    await userEvent.type(screen.getByLabelText('Your password'), 'correct-horse-42');
    await userEvent.click(screen.getByRole('button', { name: 'Send a code' }));
    const code = await screen.findByLabelText('Code sent to new@example.com');
    expect(JSON.parse(String(calls.find((c) => c.url.endsWith('/auth/me/email'))?.body))).toEqual({
      email: 'new@example.com',
      password: 'correct-horse-42',
    });
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(calls.some((c) => c.url.endsWith('/auth/me/email/verify'))).toBe(true),
    );
    expect(
      JSON.parse(String(calls.find((c) => c.url.endsWith('/auth/me/email/verify'))?.body)),
    ).toEqual({ code: '123456' });
  });
});
