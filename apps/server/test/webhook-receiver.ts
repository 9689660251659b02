import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a receiver got. */
export interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
  /** The status it was answered with; null while held (never answered). */
  status: number | null;
}

/** What to answer a request: a status, or `hold` to keep it open without an answer. */
export type Reply = number | 'hold';

/**
 * A local HTTP endpoint on 127.0.0.1 for webhook deliveries and WebSub pings: it keeps every
 * request, and answers each as `reply` says (by default 200), given the request and how many
 * requests of the same path came before it.
 */
export class Receiver {
  readonly received: Received[] = [];
  /** Requests kept open without an answer, and what was received of each. */
  private readonly held = new Map<http.ServerResponse, Received>();

  private constructor(
    private readonly server: http.Server,
    readonly base: string,
  ) {}

  static async start(reply: (request: Received, before: number) => Reply = () => 200) {
    let receiver: Receiver | null = null;
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        if (!receiver) return;
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(req.headers)) {
          if (typeof value === 'string') headers[name] = value;
        }
        const path = req.url ?? '/';
        const got: Received = {
          path,
          headers,
          body: Buffer.concat(chunks).toString('utf8'),
          status: null,
        };
        const before = receiver.received.filter((r) => r.path === path).length;
        receiver.received.push(got);
        const answer = reply(got, before);
        if (answer === 'hold') {
          receiver.held.set(res, got);
          return;
        }
        got.status = answer;
        res.writeHead(answer, { 'content-type': 'text/plain' });
        res.end(answer < 300 ? 'thanks' : `failed with ${answer}`);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    receiver = new Receiver(server, `http://127.0.0.1:${port}`);
    return receiver;
  }

  url(path: string): string {
    return this.base + path;
  }

  /** The requests to `path`. */
  at(path: string): Received[] {
    return this.received.filter((r) => r.path === path);
  }

  /** Answers every request held so far with `status`, all at once. */
  release(status = 200): void {
    for (const [res, got] of this.held) {
      got.status = status;
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(status < 300 ? 'thanks' : `failed with ${status}`);
    }
    this.held.clear();
  }

  async close(): Promise<void> {
    for (const res of this.held.keys()) res.destroy();
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}
