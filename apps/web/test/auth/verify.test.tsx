import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VerifyAccountPage } from '../../src/auth/VerifyAccountPage.tsx';
import { fail, ok, on, stubFetch } from '../admin/fetch-stub.ts';

afterEach(() => vi.unstubAllGlobals());

function renderVerify(email = 'asha@example.com') {
  render(
    <MemoryRouter initialEntries={[{ pathname: '/verify-account', state: { email } }]}>
      <Routes>
        <Route path="/verify-account" element={<VerifyAccountPage />} />
        <Route path="/login" element={<p>login screen</p>} />
      </Routes>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

describe('verify-account form', () => {
  it('carries the e-mail from registration and requires the OTP', async () => {
    const user = renderVerify();
    expect(screen.getByLabelText('Email')).toHaveValue('asha@example.com');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('OTP is required')).toBeInTheDocument();
  });

  it('accepts digits only', async () => {
    const user = renderVerify();
    await user.type(screen.getByLabelText('OTP'), 'abc123');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('OTP must be 6 digits')).toBeInTheDocument();
  });

  it('goes to /login when the code is right', async () => {
    stubFetch(on('POST', '/auth/verify', ok(null, 'Account verified')));
    const user = renderVerify();
    await user.type(screen.getByLabelText('OTP'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('login screen')).toBeInTheDocument();
  });

  it("shows the server's message for a wrong code", async () => {
    stubFetch(on('POST', '/auth/verify', fail(400, 'The code is wrong or has expired')));
    const user = renderVerify();
    await user.type(screen.getByLabelText('OTP'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The code is wrong or has expired');
  });

  it('resends the OTP to the e-mail given', async () => {
    const calls = stubFetch(on('POST', '/auth/resend-otp', ok(null, 'A new code is on its way')));
    const user = renderVerify();
    await user.click(screen.getByRole('button', { name: 'Resend OTP' }));
    expect(await screen.findByRole('status')).toHaveTextContent('A new code is on its way');
    expect(JSON.parse(String(calls[0]?.body))).toEqual({ email: 'asha@example.com' });
  });

  it('asks for an e-mail before resending', async () => {
    const user = renderVerify('');
    await user.click(screen.getByRole('button', { name: 'Resend OTP' }));
    expect(await screen.findByText('email is required')).toBeInTheDocument();
  });
});
