import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Webhook, WebhookCreated, WebhookDelivery, WebhookEvent } from '@newsroom/contract';
import { api } from '../../lib/api.ts';
import { adminCache } from '../lib/query-keys.ts';

/** Query keys of the webhooks screen; the first is a prefix of every other. */
export const webhookKeys = {
  all: ['admin', 'webhooks'] as const,
  deliveries: (id: string, page: number) => ['admin', 'webhooks', id, 'deliveries', page] as const,
};

const one = (id: string) => `/webhooks/${encodeURIComponent(id)}`;

/** The endpoints (`GET /webhooks`). */
export function useWebhooks() {
  return useQuery({
    queryKey: webhookKeys.all,
    queryFn: async ({ signal }) => (await api<Webhook[]>('/webhooks', { signal })).data,
    ...adminCache,
  });
}

/**
 * A page of an endpoint's deliveries, newest first; read again every few seconds while open, so
 * the outcome of "send again" and "send a test" shows without reloading.
 */
export function useDeliveries(id: string, page: number) {
  return useQuery({
    queryKey: webhookKeys.deliveries(id, page),
    queryFn: async ({ signal }) => {
      const envelope = await api<WebhookDelivery[]>(`${one(id)}/deliveries`, {
        signal,
        query: { page },
      });
      const { count } = envelope as typeof envelope & { count?: number };
      return { deliveries: envelope.data, count: count ?? 0 };
    },
    placeholderData: keepPreviousData,
    ...adminCache,
    staleTime: 0,
    refetchInterval: 3000,
  });
}

export interface EndpointFields {
  url: string;
  events: WebhookEvent[];
}

export const registerWebhook = (fields: EndpointFields) =>
  api<WebhookCreated>('/webhooks', { method: 'POST', body: fields });

export const updateWebhook = (id: string, fields: EndpointFields) =>
  api<Webhook>(one(id), { method: 'PUT', body: fields });

export const removeWebhook = (id: string) => api<Webhook>(one(id), { method: 'DELETE' });

export const resendDelivery = (id: string, deliveryId: string) =>
  api<WebhookDelivery>(`${one(id)}/deliveries/${encodeURIComponent(deliveryId)}/retry`, {
    method: 'POST',
  });

export const sendTest = (id: string) => api<WebhookDelivery>(`${one(id)}/test`, { method: 'POST' });
