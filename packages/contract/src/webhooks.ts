import { z } from 'zod';

/**
 * Webhooks (decision 117): endpoints an admin registers, each told of the events it asks for by a
 * signed POST (Standard Webhooks), retried with backoff for 24 hours.
 */

/** The events an endpoint may ask for. */
export const WEBHOOK_EVENTS = [
  'news.published',
  'news.updated',
  'news.unpublished',
  'news.deleted',
  'news.corrected',
  'live.entry',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** The event of "send a test": never recorded by a change, sent only to the endpoint asked. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_EVENT_NAMES: Record<WebhookEvent, string> = {
  'news.published': 'Article published',
  'news.updated': 'Article updated',
  'news.unpublished': 'Article unpublished',
  'news.deleted': 'Article deleted',
  'news.corrected': 'Article corrected',
  'live.entry': 'Live entry added',
};

/** The longest endpoint URL taken. */
export const WEBHOOK_URL_MAX = 2000;

/** Deliveries listed per page on an endpoint's screen. */
export const WEBHOOK_DELIVERIES_PER_PAGE = 20;

const webhookUrl = z
  .string({ error: 'url: give the address of the endpoint' })
  .trim()
  .min(1, 'url: give the address of the endpoint')
  .max(WEBHOOK_URL_MAX, `url: at most ${WEBHOOK_URL_MAX} characters`)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
    } catch {
      return false;
    }
  }, 'url: an absolute http:// or https:// address such as https://example.com/hooks');

const webhookEvents = z
  .array(
    z.enum(WEBHOOK_EVENTS, {
      error: `events: each one of ${WEBHOOK_EVENTS.join(', ')}`,
    }),
    { error: 'events: a list of the events wanted' },
  )
  .min(1, 'events: choose at least one event')
  .transform((events) => WEBHOOK_EVENTS.filter((event) => events.includes(event)));

/** `POST /webhooks`. */
export const webhookInputSchema = z.object({ url: webhookUrl, events: webhookEvents });
export type WebhookInput = z.infer<typeof webhookInputSchema>;

/** `PUT /webhooks/{id}`: the fields given change. */
export const webhookUpdateSchema = z
  .object({ url: webhookUrl.optional(), events: webhookEvents.optional() })
  .refine((value) => value.url !== undefined || value.events !== undefined, {
    message: 'Give url or events to change',
  });
export type WebhookUpdate = z.infer<typeof webhookUpdateSchema>;

/** An endpoint as listed: never its secret. */
export const webhookSchema = z.object({
  _id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  createdAt: z.string().meta({ format: 'date-time' }),
  updatedAt: z.string().meta({ format: 'date-time' }),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** The answer of `POST /webhooks`: the only time the secret is shown. */
export const webhookCreatedSchema = webhookSchema.extend({
  secret: z.string().describe('whsec_<base64>: shown in this answer only'),
});
export type WebhookCreated = z.infer<typeof webhookCreatedSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** One event to one endpoint, with its attempts so far. */
export const webhookDeliverySchema = z.object({
  _id: z.string(),
  /** The `webhook-id` header of every attempt. */
  eventId: z.string(),
  event: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number(),
  createdAt: z.string().meta({ format: 'date-time' }),
  lastAttemptAt: z.string().meta({ format: 'date-time' }).nullable(),
  nextAttemptAt: z.string().meta({ format: 'date-time' }).nullable(),
  responseStatus: z.number().nullable(),
  /** The start of the endpoint's answer, or why no answer came (a timeout, a refused address). */
  responseExcerpt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** `GET /webhooks/{id}/deliveries?page=`. */
export const webhookDeliveriesQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'page: a page number' })
    .int('page: a whole number')
    .min(1, 'page: 1 or more')
    .max(100_000, 'page: at most 100000')
    .default(1),
});
