import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Webhook, WebhookDelivery } from '@newsroom/contract';
import { WebhooksScreen } from '../../src/admin/webhooks/WebhooksScreen.tsx';
import { fail, ok, stubFetch, type StubbedCall } from './fetch-stub.ts';
import { renderAdmin } from './render.tsx';

const SECRET = 'whsec_c2VjcmV0LW9mLXRoZS1uZXctZW5kcG9pbnQtMzJieXRlcw==';

const endpoint = (id: string, url: string, events: Webhook['events']): Webhook => ({
  _id: id,
  url,
  events,
  createdAt: '2026-11-27T05:00:00.000Z',
  updatedAt: '2026-11-27T05:00:00.000Z',
});

const delivery = (id: string, fields: Partial<WebhookDelivery>): WebhookDelivery => ({
  _id: id,
  eventId: `event-${id}`,
  event: 'news.published',
  status: 'delivered',
  attempts: 1,
  createdAt: '2026-11-27T05:10:00.000Z',
  lastAttemptAt: '2026-11-27T05:10:01.000Z',
  nextAttemptAt: null,
  responseStatus: 200,
  responseExcerpt: 'thanks',
  ...fields,
});

/** A server of endpoints and deliveries, answering as the API does. */
function webhookServer(initial: Webhook[], deliveries: WebhookDelivery[] = []) {
  let endpoints = [...initial];
  const pathOf = (call: StubbedCall) => new URL(call.url, 'http://test').pathname;
  const bodyOf = (call: StubbedCall) => JSON.parse(String(call.body)) as Record<string, unknown>;
  return stubFetch((call) => {
    const path = pathOf(call).replace('/api/v1', '');
    if (path === '/webhooks' && call.method === 'GET') return ok(endpoints);
    if (path === '/webhooks' && call.method === 'POST') {
      const { url, events } = bodyOf(call) as Pick<Webhook, 'url' | 'events'>;
      if (url.includes('127.0.0.1')) {
        return fail(400, 'url: 127.0.0.1 resolves to 127.0.0.1, a non-public address');
      }
      const made = endpoint('w-new', url, events);
      endpoints = [...endpoints, made];
      return ok({ ...made, secret: SECRET }, 'Webhook registered');
    }
    const one = /^\/webhooks\/([^/]+)$/.exec(path);
    if (one && call.method === 'PUT') {
      endpoints = endpoints.map((e) => (e._id === one[1] ? { ...e, ...bodyOf(call) } : e));
      return ok(
        endpoints.find((e) => e._id === one[1]),
        'Webhook updated',
      );
    }
    if (one && call.method === 'DELETE') {
      const gone = endpoints.find((e) => e._id === one[1]);
      endpoints = endpoints.filter((e) => e._id !== one[1]);
      return ok(gone, 'Webhook removed');
    }
    if (/^\/webhooks\/[^/]+\/deliveries$/.test(path)) {
      return ok(deliveries, 'Deliveries fetched', { count: deliveries.length });
    }
    const retry = /^\/webhooks\/[^/]+\/deliveries\/([^/]+)\/retry$/.exec(path);
    if (retry && call.method === 'POST') {
      const found = deliveries.find((d) => d._id === retry[1]);
      return ok({ ...found, status: 'pending' }, 'Delivery queued to be sent again');
    }
    if (/^\/webhooks\/[^/]+\/test$/.test(path) && call.method === 'POST') {
      return ok(delivery('t1', { event: 'webhook.test', status: 'pending' }), 'Test queued');
    }
    return undefined;
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('the webhooks screen', () => {
  it('registers an endpoint for the chosen events and shows its secret once, to copy', async () => {
    const user = userEvent.setup();
    const calls = webhookServer([]);
    renderAdmin(<WebhooksScreen />);
    expect(await screen.findByText('No endpoints yet')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Register an endpoint' }));
    const dialog = screen.getByRole('dialog', { name: 'Register an endpoint' });
    await user.type(within(dialog).getByLabelText('Endpoint URL'), 'https://hooks.example.com/in');
    await user.click(within(dialog).getByRole('checkbox', { name: /Article updated/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Article published/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Register' }));

    const secret = await screen.findByRole('group', { name: 'Secret of the new endpoint' });
    expect(within(secret).getByLabelText('Signing secret')).toHaveValue(SECRET);
    const post = calls.find((call) => call.method === 'POST');
    // In the contract's order, whatever order they were ticked in.
    expect(JSON.parse(String(post?.body))).toEqual({
      url: 'https://hooks.example.com/in',
      events: ['news.published', 'news.updated'],
    });
    await user.click(within(secret).getByRole('button', { name: 'Copy secret' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(within(secret).getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await screen.findByRole('cell', { name: 'https://hooks.example.com/in' })).toBeVisible();
    await user.click(within(secret).getByRole('button', { name: 'Done' }));
    expect(screen.queryByText(SECRET)).toBeNull();
    expect(screen.queryByDisplayValue(SECRET)).toBeNull();
  });

  it('asks for an address and an event before sending, and shows the server refusal', async () => {
    const user = userEvent.setup();
    const calls = webhookServer([]);
    renderAdmin(<WebhooksScreen />);
    await user.click(await screen.findByRole('button', { name: 'Register an endpoint' }));
    const dialog = screen.getByRole('dialog', { name: 'Register an endpoint' });
    await user.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(within(dialog).getByText('Choose at least one event')).toBeVisible();
    expect(within(dialog).getByText(/starting with http/)).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Endpoint URL'), 'http://127.0.0.1:8080/hook');
    await user.click(within(dialog).getByRole('checkbox', { name: /Article deleted/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(await within(dialog).findByText(/non-public address/)).toBeVisible();
    expect(screen.getByRole('dialog', { name: 'Register an endpoint' })).toBeVisible();
  });

  it('edits the events of an endpoint and deletes it after asking', async () => {
    const user = userEvent.setup();
    const calls = webhookServer([endpoint('w1', 'https://a.example.com/h', ['news.published'])]);
    renderAdmin(<WebhooksScreen />);
    await user.click(await screen.findByRole('button', { name: 'Edit https://a.example.com/h' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit the endpoint' });
    expect(within(dialog).getByRole('checkbox', { name: /Article published/ })).toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: /Live entry added/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const put = calls.find((call) => call.method === 'PUT');
    expect(new URL(put?.url ?? '', 'http://test').pathname).toBe('/api/v1/webhooks/w1');
    expect(JSON.parse(String(put?.body))).toEqual({
      url: 'https://a.example.com/h',
      events: ['news.published', 'live.entry'],
    });
    expect(await screen.findByText('Article published, Live entry added')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Delete https://a.example.com/h' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete the endpoint?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No endpoints yet')).toBeVisible();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
  });

  it("lists an endpoint's deliveries, sends one again and sends a test", async () => {
    const user = userEvent.setup();
    const calls = webhookServer(
      [endpoint('w1', 'https://a.example.com/h', ['news.published'])],
      [
        delivery('d2', {
          status: 'pending',
          attempts: 2,
          responseStatus: 500,
          responseExcerpt: 'upstream down',
          nextAttemptAt: '2026-11-27T05:11:00.000Z',
        }),
        delivery('d1', {}),
      ],
    );
    renderAdmin(<WebhooksScreen />);
    await user.click(
      await screen.findByRole('button', { name: 'Deliveries to https://a.example.com/h' }),
    );
    const table = await screen.findByRole('table', {
      name: 'Deliveries to https://a.example.com/h',
    });
    const rows = await within(table).findAllByRole('row');
    // The header, then newest first.
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent(/Pending.*500.*upstream down.*2/);
    expect(rows[2]).toHaveTextContent(/Delivered.*200.*thanks.*1/);

    await user.click(within(rows[1] as HTMLElement).getByRole('button', { name: /Send again/ }));
    await waitFor(() =>
      expect(calls.some((call) => call.url.endsWith('/webhooks/w1/deliveries/d2/retry'))).toBe(
        true,
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Send a test' }));
    await waitFor(() =>
      expect(
        calls.some((call) => call.method === 'POST' && call.url.endsWith('/webhooks/w1/test')),
      ).toBe(true),
    );
  });
});
