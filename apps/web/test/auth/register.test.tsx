import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RegisterPage } from '../../src/auth/RegisterPage.tsx';
import { fail, ok, on, stubFetch } from '../admin/fetch-stub.ts';

afterEach(() => vi.unstubAllGlobals());

function VerifyProbe() {
  const state = useLocation().state as { email?: string };
  return <p>verify screen for {state.email}</p>;
}

function renderRegister() {
  render(
    <MemoryRouter initialEntries={['/admin/register']}>
      <Routes>
        <Route path="/admin/register" element={<RegisterPage />} />
        <Route path="/verify-account" element={<VerifyProbe />} />
      </Routes>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

async function fill(user: ReturnType<typeof userEvent.setup>, confirm = 'long-password') {
  await user.type(screen.getByLabelText('Name'), 'Asha Rao');
  await user.type(screen.getByLabelText('Email'), 'asha@example.com');
  await user.type(screen.getByLabelText('Sign-up code'), 'the-code');
  await user.type(screen.getByLabelText('Password'), 'long-password');
  await user.type(screen.getByLabelText('Confirm Password'), confirm);
}

describe('registration form', () => {
  it('names every missing field', async () => {
    const user = renderRegister();
    await user.click(screen.getByRole('button', { name: 'Register' }));
    for (const message of [
      'name is required',
      'email is required',
      'code is required',
      'password is required',
      'confirmPassword is required',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
  });

  it('requires the confirmation to match the password', async () => {
    const user = renderRegister();
    await fill(user, 'other-password');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Passwords must be match')).toBeInTheDocument();
  });

  it('sends the code as verifycode and goes to /verify-account with the e-mail', async () => {
    const calls = stubFetch(on('POST', '/auth/admin/signup', ok({ email: 'asha@example.com' })));
    const user = renderRegister();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('verify screen for asha@example.com')).toBeInTheDocument();
    expect(new URL(calls[0]?.url ?? '', 'http://test').searchParams.get('verifycode')).toBe(
      'the-code',
    );
    expect(JSON.parse(String(calls[0]?.body))).toMatchObject({
      name: 'Asha Rao',
      code: 'the-code',
    });
  });

  it("shows the server's message when registration is refused", async () => {
    stubFetch(on('POST', '/auth/admin/signup', fail(403, 'The sign-up code is not valid')));
    const user = renderRegister();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The sign-up code is not valid');
  });
});
