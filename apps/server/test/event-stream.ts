import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';

export interface StreamEvent {
  event: string;
  data: unknown;
}

/** An open Server-Sent Events stream, read as a test reads it: event by event. */
export interface OpenStream {
  status: number;
  contentType: string | null;
  /** The next event named `name` (earlier events of other names are skipped). */
  next(name: string, timeoutMs?: number): Promise<unknown>;
  /** Waits for a `name` event whose data `matches`. */
  until(name: string, matches: (data: unknown) => boolean): Promise<unknown>;
  close(): void;
}

/** Where a listening app answers. */
export async function listening(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** Opens `path` of a listening app as an event stream. */
export async function openStream(
  base: string,
  path: string,
  headers: Record<string, string>,
): Promise<OpenStream> {
  const abort = new AbortController();
  const response = await fetch(`${base}${path}`, { headers, signal: abort.signal });
  const queue: StreamEvent[] = [];
  const waiting: (() => void)[] = [];
  let ended = false;
  const pump = async () => {
    const reader = response.body?.getReader();
    if (!reader) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data !== undefined) queue.push({ event, data: JSON.parse(data) });
          waiting.splice(0).forEach((wake) => wake());
        }
      }
    } catch {
      // Aborted by close().
    }
    ended = true;
    waiting.splice(0).forEach((wake) => wake());
  };
  if (response.status === 200) void pump();
  const next = async (name: string, timeoutMs = 5000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = queue.findIndex((event) => event.event === name);
      if (index >= 0) return queue.splice(0, index + 1).at(-1)?.data;
      if (ended) throw new Error(`the stream ended before a "${name}" event`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no "${name}" event within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiting.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  };
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    next,
    async until(name, matches) {
      for (;;) {
        const data = await next(name);
        if (matches(data)) return data;
      }
    },
    close: () => abort.abort(),
  };
}

/** The ids of the editors a `presence` event names. */
export const idsOf = (data: unknown) => (data as { _id: string }[]).map((editor) => editor._id);
