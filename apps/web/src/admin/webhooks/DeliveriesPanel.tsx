import { useState } from 'react';
import { WEBHOOK_DELIVERIES_PER_PAGE, type Webhook } from '@newsroom/contract';
import { formatDateTime } from '../lib/format.ts';
import { useAdminMutation } from '../lib/use-admin-mutation.ts';
import { Button } from '../ui/Button.tsx';
import { Pagination } from '../ui/Pagination.tsx';
import { Table, TableMessage, cellClass } from '../ui/Table.tsx';
import { resendDelivery, sendTest, useDeliveries, webhookKeys } from './api.ts';

const HEADERS = ['Event', 'Status', 'Time', 'Answer', 'Attempts', 'Action'];

const STATUS_NAMES = { pending: 'Pending', delivered: 'Delivered', failed: 'Failed' } as const;

/** An endpoint's deliveries with their outcome, "send again" on each, and "send a test". */
export function DeliveriesPanel({ endpoint }: { endpoint: Webhook }) {
  const [page, setPage] = useState(1);
  const deliveries = useDeliveries(endpoint._id, page);
  const invalidates = [[...webhookKeys.all, endpoint._id]];
  const resend = useAdminMutation({
    mutationFn: (deliveryId: string) => resendDelivery(endpoint._id, deliveryId),
    invalidates,
  });
  const test = useAdminMutation({ mutationFn: () => sendTest(endpoint._id), invalidates });

  return (
    <section
      aria-labelledby="deliveries-heading"
      className="mt-8 rounded-lg border border-slate-200 p-4"
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="deliveries-heading" className="text-lg font-bold">
          Deliveries to <span className="break-all font-mono text-base">{endpoint.url}</span>
        </h2>
        <Button variant="secondary" disabled={test.isPending} onClick={() => test.mutate()}>
          Send a test
        </Button>
      </div>
      <Table caption={`Deliveries to ${endpoint.url}`} headers={HEADERS}>
        {deliveries.isPending ? (
          <TableMessage colSpan={HEADERS.length}>Loading...</TableMessage>
        ) : deliveries.isError ? (
          <TableMessage colSpan={HEADERS.length}>{deliveries.error.message}</TableMessage>
        ) : deliveries.data.deliveries.length === 0 ? (
          <TableMessage colSpan={HEADERS.length}>No deliveries yet</TableMessage>
        ) : (
          deliveries.data.deliveries.map((delivery) => (
            <tr key={delivery._id}>
              <td className={cellClass}>
                <code className="text-xs">{delivery.event}</code>
              </td>
              <td className={cellClass}>
                {STATUS_NAMES[delivery.status]}
                {delivery.status === 'pending' && delivery.nextAttemptAt ? (
                  <span className="block text-xs text-slate-500">
                    next try {formatDateTime(delivery.nextAttemptAt)}
                  </span>
                ) : null}
              </td>
              <td className={cellClass}>
                {formatDateTime(delivery.lastAttemptAt ?? delivery.createdAt)}
              </td>
              <td className={`${cellClass} max-w-xs`}>
                {delivery.responseStatus !== null ? (
                  <span className="font-semibold">{delivery.responseStatus} </span>
                ) : null}
                <span className="break-words text-xs text-slate-600">
                  {delivery.responseExcerpt ?? '—'}
                </span>
              </td>
              <td className={cellClass}>{delivery.attempts}</td>
              <td className={cellClass}>
                <Button
                  variant="secondary"
                  aria-label={`Send again the ${delivery.event} of ${formatDateTime(delivery.createdAt)}`}
                  disabled={resend.isPending}
                  onClick={() => resend.mutate(delivery._id)}
                >
                  Send again
                </Button>
              </td>
            </tr>
          ))
        )}
      </Table>
      <Pagination
        page={page}
        pageSize={WEBHOOK_DELIVERIES_PER_PAGE}
        count={deliveries.data?.count ?? 0}
        onPage={setPage}
      />
    </section>
  );
}
