import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearAuth, getAuth } from '../../src/lib/auth-store.ts';
import { AcceptInvitationPage } from '../../src/auth/AcceptInvitationPage.tsx';
import { fail, ok, on, stubFetch } from '../admin/fetch-stub.ts';

const reloadAt = vi.hoisted(() => vi.fn());
vi.mock('../../src/admin/lib/navigation.ts', () => ({ reloadAt }));

afterEach(() => {
  vi.unstubAllGlobals();
  reloadAt.mockReset();
  clearAuth();
});

function renderAt(url: string) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <AcceptInvitationPage />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Name'), 'Nadia Editor');
  await user.type(screen.getByLabelText('Password'), 'invited-pass-1');
  await user.type(screen.getByLabelText('Confirm password'), 'invited-pass-1');
  await user.click(screen.getByRole('button', { name: 'Join' }));
}

describe('accepting an invitation', () => {
  it('sends the link’s token with the name and password, keeps the session and opens the back office', async () => {
    const calls = stubFetch(
      on(
        'POST',
        '/auth/invitation/accept',
        ok({ role: 'editor', email: 'nadia@example.com', accessToken: 'a', refreshToken: 'r' }),
      ),
    );
    const user = renderAt('/accept-invitation?token=tok-123');
    await fill(user);
    await vi.waitFor(() => expect(reloadAt).toHaveBeenCalledWith('/'));
    expect(JSON.parse(String(calls[0]?.body))).toEqual({
      token: 'tok-123',
      name: 'Nadia Editor',
      password: 'invited-pass-1',
      confirmPassword: 'invited-pass-1',
    });
    expect(getAuth()).toMatchObject({ role: 'editor', email: 'nadia@example.com' });
  });

  it('says so when the link no longer works', async () => {
    stubFetch(
      on('POST', '/auth/invitation/accept', fail(410, 'This invitation link is no longer valid')),
    );
    const user = renderAt('/accept-invitation?token=old');
    await fill(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('no longer valid');
    expect(reloadAt).not.toHaveBeenCalled();
  });

  it('says the link is incomplete without a token, and cannot be sent', () => {
    renderAt('/accept-invitation');
    expect(screen.getByRole('alert')).toHaveTextContent('incomplete');
    expect(screen.getByRole('button', { name: 'Join' })).toBeDisabled();
  });
});
