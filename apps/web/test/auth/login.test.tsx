import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getAuth } from '../../src/lib/auth-store.ts';
import { LoginPage } from '../../src/auth/LoginPage.tsx';
import { fail, ok, on, stubFetch } from '../admin/fetch-stub.ts';

const reloadAt = vi.hoisted(() => vi.fn());
vi.mock('../../src/admin/lib/navigation.ts', () => ({ reloadAt }));

afterEach(() => {
  vi.unstubAllGlobals();
  reloadAt.mockReset();
});

function renderLogin() {
  render(
    <MemoryRouter initialEntries={['/login']}>
      <LoginPage />
    </MemoryRouter>,
  );
  const user = userEvent.setup();
  return {
    user,
    email: screen.getByLabelText('Email'),
    password: screen.getByLabelText('Password'),
    submit: screen.getByRole('button', { name: 'Login' }),
  };
}

describe('login form', () => {
  it('requires an e-mail and a password', async () => {
    const { user, submit } = renderLogin();
    await user.click(submit);
    expect(await screen.findByText('email is required')).toBeInTheDocument();
    expect(screen.getByText('password is required')).toBeInTheDocument();
  });

  it('refuses an e-mail that is not an address', async () => {
    const { user, email, password, submit } = renderLogin();
    await user.type(email, 'not-an-email');
    await user.type(password, 'secret-pass');
    await user.click(submit);
    expect(await screen.findByText('email must be a valid email address')).toBeInTheDocument();
  });

  it("shows the server's message when sign-in is refused", async () => {
    stubFetch(on('POST', '/auth/login', fail(401, 'Invalid email or password')));
    const { user, email, password, submit } = renderLogin();
    await user.type(email, 'admin@example.com');
    await user.type(password, 'wrong-password');
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(getAuth()).toBeNull();
    expect(reloadAt).not.toHaveBeenCalled();
  });

  it('keeps role, e-mail and access token, never the refresh token, then reloads at /', async () => {
    stubFetch(
      on(
        'POST',
        '/auth/login',
        ok({ role: 'admin', email: 'admin@example.com', accessToken: 'at', refreshToken: 'rt' }),
      ),
    );
    const { user, email, password, submit } = renderLogin();
    await user.type(email, 'admin@example.com');
    await user.type(password, 'right-password');
    await user.click(submit);
    await vi.waitFor(() => expect(reloadAt).toHaveBeenCalledWith('/'));
    expect(getAuth()).toEqual({
      role: 'admin',
      email: 'admin@example.com',
      accessToken: 'at',
      authenticated: true,
    });
    expect(window.localStorage.getItem('newsroom:auth')).not.toContain('rt');
  });
});
