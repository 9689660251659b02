import { useState } from 'react';
import { WEBHOOK_EVENT_NAMES, type Webhook, type WebhookCreated } from '@newsroom/contract';
import { formatDateTime } from '../lib/format.ts';
import { useAdminMutation } from '../lib/use-admin-mutation.ts';
import { Button } from '../ui/Button.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { Modal } from '../ui/Modal.tsx';
import { ScreenHeader } from '../ui/ScreenHeader.tsx';
import { Table, TableMessage, cellClass } from '../ui/Table.tsx';
import {
  registerWebhook,
  removeWebhook,
  updateWebhook,
  useWebhooks,
  webhookKeys,
  type EndpointFields,
} from './api.ts';
import { DeliveriesPanel } from './DeliveriesPanel.tsx';
import { EndpointForm } from './EndpointForm.tsx';

const HEADERS = ['URL', 'Events', 'Registered', 'Actions'];

/**
 * Admins' webhooks (decision 117): the endpoints, registering one (its secret shown once, to
 * copy), editing and removing one, and an endpoint's deliveries.
 */
export function WebhooksScreen() {
  const endpoints = useWebhooks();
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null);
  const [removing, setRemoving] = useState<Webhook | null>(null);
  const [created, setCreated] = useState<WebhookCreated | null>(null);
  const [copied, setCopied] = useState(false);
  const [shownId, setShownId] = useState<string | null>(null);
  const invalidates = [webhookKeys.all];

  const register = useAdminMutation({
    mutationFn: registerWebhook,
    invalidates,
    onSuccess: (envelope) => {
      setEditing(null);
      setCreated(envelope.data);
      setCopied(false);
      setShownId(envelope.data._id);
    },
  });
  const update = useAdminMutation({
    mutationFn: ({ id, fields }: { id: string; fields: EndpointFields }) =>
      updateWebhook(id, fields),
    invalidates,
    onSuccess: () => setEditing(null),
  });
  const remove = useAdminMutation({
    mutationFn: removeWebhook,
    invalidates,
    onSuccess: (_envelope, id) => {
      setRemoving(null);
      if (created?._id === id) setCreated(null);
    },
  });

  const copy = async (secret: string) => {
    await navigator.clipboard.writeText(secret);
    setCopied(true);
  };

  const shown = endpoints.data?.find((endpoint) => endpoint._id === shownId) ?? null;

  return (
    <div>
      <ScreenHeader
        title="Webhooks"
        action={
          <Button
            onClick={() => {
              register.reset();
              setEditing('new');
            }}
          >
            Register an endpoint
          </Button>
        }
      />
      <p className="mb-4 max-w-3xl text-sm text-slate-600">
        Each endpoint gets a signed <code>POST</code> of the events it asks for, as Standard
        Webhooks says; a failed delivery is tried again for 24 hours.
      </p>
      {created && (
        <div
          role="group"
          aria-label="Secret of the new endpoint"
          className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-4"
        >
          <p className="text-sm font-semibold text-slate-900">
            Copy the secret now: it is shown only this once.
          </p>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <label className="sr-only" htmlFor="webhook-secret">
              Signing secret
            </label>
            <input
              id="webhook-secret"
              readOnly
              value={created.secret}
              onFocus={(event) => event.target.select()}
              className="min-w-0 flex-1 rounded-md border border-slate-300 px-2 py-1.5 font-mono text-sm"
            />
            <Button variant="secondary" onClick={() => void copy(created.secret)}>
              {copied ? 'Copied' : 'Copy secret'}
            </Button>
            <Button variant="ghost" onClick={() => setCreated(null)}>
              Done
            </Button>
          </div>
        </div>
      )}
      <Table caption="Webhook endpoints" headers={HEADERS}>
        {endpoints.isPending ? (
          <TableMessage colSpan={HEADERS.length}>Loading...</TableMessage>
        ) : endpoints.isError ? (
          <TableMessage colSpan={HEADERS.length}>{endpoints.error.message}</TableMessage>
        ) : endpoints.data.length === 0 ? (
          <TableMessage colSpan={HEADERS.length}>No endpoints yet</TableMessage>
        ) : (
          endpoints.data.map((endpoint) => (
            <tr key={endpoint._id}>
              <td className={`${cellClass} break-all font-mono text-xs`}>{endpoint.url}</td>
              <td className={cellClass}>
                {endpoint.events.map((event) => WEBHOOK_EVENT_NAMES[event]).join(', ')}
              </td>
              <td className={cellClass}>{formatDateTime(endpoint.createdAt)}</td>
              <td className={`${cellClass} whitespace-nowrap`}>
                <Button
                  variant="secondary"
                  aria-label={`Deliveries to ${endpoint.url}`}
                  onClick={() => setShownId(endpoint._id)}
                >
                  Deliveries
                </Button>{' '}
                <Button
                  variant="secondary"
                  aria-label={`Edit ${endpoint.url}`}
                  onClick={() => {
                    update.reset();
                    setEditing(endpoint);
                  }}
                >
                  Edit
                </Button>{' '}
                <Button
                  variant="danger"
                  aria-label={`Delete ${endpoint.url}`}
                  onClick={() => setRemoving(endpoint)}
                >
                  Delete
                </Button>
              </td>
            </tr>
          ))
        )}
      </Table>
      {shown && <DeliveriesPanel key={shown._id} endpoint={shown} />}
      {editing && (
        <Modal
          title={editing === 'new' ? 'Register an endpoint' : 'Edit the endpoint'}
          onClose={() => setEditing(null)}
        >
          <EndpointForm
            initial={editing === 'new' ? undefined : editing}
            pending={register.isPending || update.isPending}
            submitLabel={editing === 'new' ? 'Register' : 'Save'}
            refusal={(editing === 'new' ? register.error : update.error)?.message}
            onCancel={() => setEditing(null)}
            onSubmit={(fields) =>
              editing === 'new'
                ? register.mutate(fields)
                : update.mutate({ id: editing._id, fields })
            }
          />
        </Modal>
      )}
      {removing && (
        <ConfirmDialog
          title="Delete the endpoint?"
          message={`${removing.url} will get no more events, and its deliveries are removed.`}
          confirmLabel="Delete"
          pending={remove.isPending}
          onConfirm={() => {
            // Its deliveries go with it: the panel closes first, so they are not read again.
            if (shownId === removing._id) setShownId(null);
            remove.mutate(removing._id);
          }}
          onCancel={() => setRemoving(null)}
        />
      )}
    </div>
  );
}
