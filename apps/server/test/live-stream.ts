/** A live page's event stream as a test reads it: every event with its `id:`, in order. */
export interface LiveEvent {
  id: string;
  event: string;
  data: Record<string, unknown>;
}

export interface LiveStream {
  status: number;
  headers: Headers;
  /** Waits until `count` events have come, and answers them all (from the first). */
  take(count: number, timeoutMs?: number): Promise<LiveEvent[]>;
  /** Every event so far. */
  readonly events: LiveEvent[];
  /** Resolves once the server has ended the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Opens a live page's events at `base` + `path`, with `headers` (such as Last-Event-ID). */
export async function openLiveStream(
  base: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<LiveStream> {
  const abort = new AbortController();
  const response = await fetch(`${base}${path}`, { headers, signal: abort.signal });
  const events: LiveEvent[] = [];
  const waiting: (() => void)[] = [];
  let done = false;
  let markEnded: () => void = () => {};
  const ended = new Promise<void>((resolve) => (markEnded = resolve));
  const pump = async () => {
    const reader = response.body?.getReader();
    if (reader) {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for (;;) {
          const { value, done: finished } = await reader.read();
          if (finished) break;
          buffer += decoder.decode(value, { stream: true });
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const id = /^id: (.*)$/m.exec(block)?.[1];
            const event = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (id !== undefined && event && data !== undefined) {
              events.push({ id, event, data: JSON.parse(data) as Record<string, unknown> });
            }
            waiting.splice(0).forEach((wake) => wake());
          }
        }
      } catch {
        // Aborted by close().
      }
    }
    done = true;
    markEnded();
    waiting.splice(0).forEach((wake) => wake());
  };
  void pump();
  return {
    status: response.status,
    headers: response.headers,
    events,
    ended,
    async take(count, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (events.length < count) {
        if (done) throw new Error(`the stream ended after ${events.length} of ${count} events`);
        const left = deadline - Date.now();
        if (left <= 0)
          throw new Error(`${events.length} of ${count} events within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiting.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return events.slice(0, count);
    },
    close: () => abort.abort(),
  };
}
