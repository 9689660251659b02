import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONTACT_SUCCESS, ContactForm } from '../../src/public/contact/ContactForm.tsx';

/** The browser's fetch, answering every call with `body`. */
function respond(status: number, body: unknown) {
  const transport = vi.fn<typeof fetch>(async () =>
    Response.json(body, { status, headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', transport);
  return transport;
}

function renderForm() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ContactForm />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

async function fill(user: ReturnType<typeof userEvent.setup>, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const field = screen.getByLabelText(label);
    await user.clear(field);
    if (value) await user.type(field, value);
  }
}

const valid = {
  'Full name': 'Asha Verma',
  Email: 'asha@example.com',
  Phone: '9876543210',
  Message: 'Please cover the new bridge.',
};

afterEach(() => vi.unstubAllGlobals());

describe('contact form', () => {
  it('shows every required message when sent empty', async () => {
    const transport = respond(200, {});
    const user = renderForm();
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('fullName is required')).toBeInTheDocument();
    expect(screen.getByText('email is required')).toBeInTheDocument();
    expect(screen.getByText('phone is required')).toBeInTheDocument();
    expect(screen.getByText('message is required')).toBeInTheDocument();
    expect(transport).not.toHaveBeenCalled();
  });

  it('explains a short name, a bad e-mail, a short phone and a short message', async () => {
    respond(200, {});
    const user = renderForm();
    await fill(user, { 'Full name': 'A', Email: 'not-an-email', Phone: '12345', Message: 'Hi' });
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('fullName must be at least 2 characters')).toBeInTheDocument();
    expect(screen.getByText('email must be a valid email address')).toBeInTheDocument();
    expect(screen.getByText('phone must be at least 10 digits')).toBeInTheDocument();
    expect(screen.getByText('message must be at least 3 characters')).toBeInTheDocument();
  });

  it('rejects a phone number with letters', async () => {
    respond(200, {});
    const user = renderForm();
    await fill(user, { ...valid, Phone: '98765abcde' });
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('phone must contain only digits')).toBeInTheDocument();
  });

  it('takes at most 10 characters in the phone field', async () => {
    respond(200, {});
    const user = renderForm();
    await user.type(screen.getByLabelText('Phone'), '98765432101234');
    expect(screen.getByLabelText('Phone')).toHaveValue('9876543210');
  });

  it('sends the message, clears the form and says so', async () => {
    const transport = respond(200, { statusCode: 200, data: {}, message: 'Message sent' });
    const user = renderForm();
    await fill(user, valid);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('status')).toHaveTextContent(CONTACT_SUCCESS);
    expect(screen.getByLabelText('Full name')).toHaveValue('');
    expect(screen.getByLabelText('Message')).toHaveValue('');
    const [url, init] = transport.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/contact/create');
    expect(JSON.parse(String(init?.body))).toEqual({
      fullName: 'Asha Verma',
      email: 'asha@example.com',
      phone: '9876543210',
      message: 'Please cover the new bridge.',
    });
  });

  it('keeps what was typed and shows the server’s message when sending fails', async () => {
    respond(429, { statusCode: 429, data: null, message: 'Too many messages, try later' });
    const user = renderForm();
    await fill(user, valid);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many messages, try later');
    expect(screen.getByLabelText('Full name')).toHaveValue('Asha Verma');
  });
});
