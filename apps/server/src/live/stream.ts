import type { FastifyReply } from 'fastify';
import { LIVE_RETRY_MS } from '@newsroom/contract';

/**
 * Takes the response over from Fastify and starts a live page's event stream on it (decision
 * 115): the headers Fastify and helmet set so far are kept; the body is never buffered,
 * compressed or kept by the public cache (its path is no cacheable read: cache/url-tags.ts), and
 * runs until the connection closes, so events are written as they are, without chunk framing.
 */
export function openLiveStream(reply: FastifyReply): void {
  const headers: Record<string, string | number | string[]> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) headers[name] = value;
  }
  reply.hijack();
  // The body ends with the connection: no chunk framing around each event to write.
  reply.raw.useChunkedEncodingByDefault = false;
  reply.raw.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-accel-buffering': 'no',
  });
  reply.raw.write(`retry: ${LIVE_RETRY_MS}\n\n`);
}

/** The change a reader has seen: `Last-Event-ID` (a reconnecting browser), else `lastEventId`. */
export function seenOf(header: unknown, query: unknown): number | null | 'bad' {
  const value = typeof header === 'string' && header !== '' ? header : query;
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value)) return 'bad';
  return Number(value);
}
