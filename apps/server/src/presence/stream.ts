import type { FastifyReply } from 'fastify';
import type { ServerResponse } from 'node:http';

export type StreamEvent = 'presence' | 'saved' | 'takeover';

/** How long a browser waits before it opens a dropped stream again. */
const RETRY_MS = 2000;

/**
 * One open editor's Server-Sent Events stream: the response it writes to, and whose and which
 * article's it is. Nothing else is kept per connection, so an idle editor costs its socket and
 * this object.
 */
export class EventStream {
  constructor(
    readonly articleId: string,
    readonly personId: string,
    private readonly raw: ServerResponse,
  ) {}

  send(event: StreamEvent, data: unknown): void {
    if (this.raw.writableEnded) return;
    this.raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  /** A comment line: ignored by browsers, it keeps proxies from closing an idle stream. */
  ping(): void {
    if (!this.raw.writableEnded) this.raw.write(':\n\n');
  }

  end(): void {
    this.raw.end();
  }
}

/**
 * Takes the response over from Fastify and starts an event stream on it (decision 110): the
 * headers Fastify and helmet set so far are kept, the body is never buffered or compressed.
 */
export function openEventStream(
  reply: FastifyReply,
  articleId: string,
  personId: string,
): EventStream {
  const headers: Record<string, string | number | string[]> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) headers[name] = value;
  }
  reply.hijack();
  reply.raw.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-accel-buffering': 'no',
  });
  reply.raw.write(`retry: ${RETRY_MS}\n\n`);
  return new EventStream(articleId, personId, reply.raw);
}
