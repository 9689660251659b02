import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearAuth, getAuth } from '../../src/lib/auth-store.ts';
import { LoginPage } from '../../src/auth/LoginPage.tsx';
import { fail, ok, on, stubFetch } from '../admin/fetch-stub.ts';

const reloadAt = vi.hoisted(() => vi.fn());
vi.mock('../../src/admin/lib/navigation.ts', () => ({ reloadAt }));

afterEach(() => {
  vi.unstubAllGlobals();
  reloadAt.mockReset();
  clearAuth();
});

const session = { role: 'editor', email: 'ed@example.com', accessToken: 'at', refreshToken: 'rt' };
const challenged = on('POST', '/auth/login', ok({ twoFactorRequired: true, challenge: 'ch-1' }));

async function passPassword() {
  render(
    <MemoryRouter initialEntries={['/login']}>
      <LoginPage />
    </MemoryRouter>,
  );
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), 'ed@example.com');
  await user.type(screen.getByLabelText('Password'), 'right-password');
  await user.click(screen.getByRole('button', { name: 'Login' }));
  return user;
}

const bodyOf = (calls: { url: string; body: unknown }[], path: string) =>
  JSON.parse(String(calls.find((call) => call.url.endsWith(path))?.body)) as unknown;

describe('the second step of a sign-in', () => {
  it('asks for the code of the app, focused, and signs in with it', async () => {
    const calls = stubFetch(challenged, on('POST', '/auth/login/2fa', ok(session)));
    const user = await passPassword();
    const code = await screen.findByLabelText('Authentication code');
    expect(code).toHaveFocus();
    expect(getAuth()).toBeNull();
    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() => expect(reloadAt).toHaveBeenCalledWith('/'));
    expect(bodyOf(calls, '/auth/login/2fa')).toEqual({ challenge: 'ch-1', code: '123 456' });
    expect(getAuth()).toMatchObject({ role: 'editor', accessToken: 'at' });
  });

  it('takes a recovery code instead', async () => {
    const calls = stubFetch(challenged, on('POST', '/auth/login/2fa', ok(session)));
    const user = await passPassword();
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    const field = screen.getByLabelText('Recovery code');
    expect(field).toHaveFocus();
    await user.type(field, 'abcd-efgh-ijkl-mnop');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() => expect(reloadAt).toHaveBeenCalledWith('/'));
    expect(bodyOf(calls, '/auth/login/2fa')).toEqual({
      challenge: 'ch-1',
      recoveryCode: 'abcd-efgh-ijkl-mnop',
    });
  });

  it('checks the code before sending it, and shows the server’s refusal', async () => {
    const calls = stubFetch(
      challenged,
      on('POST', '/auth/login/2fa', fail(401, 'That code is not right, or was used already')),
    );
    const user = await passPassword();
    const code = await screen.findByLabelText('Authentication code');
    await user.type(code, '12');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText('Enter the 6-digit code of your authenticator app'),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.url.endsWith('/auth/login/2fa'))).toHaveLength(0);
    await user.clear(code);
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right');
    expect(getAuth()).toBeNull();
    expect(reloadAt).not.toHaveBeenCalled();
  });

  it('leads a person the site requires it of straight to the Security screen', async () => {
    stubFetch(on('POST', '/auth/login', ok({ ...session, twoFactorEnrolmentRequired: true })));
    await passPassword();
    await vi.waitFor(() => expect(reloadAt).toHaveBeenCalledWith('/security'));
  });
});
