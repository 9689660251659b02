import { setTimeout as sleep } from 'node:timers/promises';

export interface Answer {
  phase: string;
  kind: 'read' | 'write';
  /** The HTTP status, or 0 when no answer came (refused, reset or timed-out socket). */
  status: number;
  body: unknown;
}

let clients = 0;
/** A client address of its own for each write, so the contact throttle never refuses the load. */
export function nextClientAddress(): string {
  clients += 1;
  return `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`;
}

let messages = 0;
/** A valid contact message from a sender not seen before (the throttle also counts senders). */
export function contactMessage(client: string) {
  messages += 1;
  return {
    fullName: 'Load Reader',
    email: `reader-${messages}@example.com`,
    phone: '9876543210',
    message: `Written under load from ${client}`,
  };
}

/** One request of the load: a read of the category list, or a contact message. */
export async function send(
  baseUrl: string,
  kind: Answer['kind'],
  client = nextClientAddress(),
): Promise<Omit<Answer, 'phase'>> {
  const init: RequestInit =
    kind === 'read'
      ? { method: 'GET' }
      : {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
          body: JSON.stringify(contactMessage(client)),
        };
  const url = `${baseUrl}/api/v1/${kind === 'read' ? 'u/category-list' : 'contact/create'}`;
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
    const text = await response.text();
    const body: unknown = text.startsWith('{') ? JSON.parse(text) : text;
    return { kind, status: response.status, body };
  } catch (error) {
    return { kind, status: 0, body: (error as Error).message };
  }
}

/**
 * A bounded stream of reads and writes from a few concurrent clients, each answer labelled with
 * the phase of the test it arrived in. Stops at `stop()` or after `maxRequests`, whichever first.
 */
export class Load {
  phase = 'before';
  readonly answers: Answer[] = [];
  private running = true;
  private readonly workers: Promise<void>[];

  constructor(
    private readonly baseUrl: string,
    { clients = 4, maxRequests = 3000, pauseMs = 10 } = {},
  ) {
    this.workers = Array.from({ length: clients }, (_, i) => this.work(i, maxRequests, pauseMs));
  }

  /** The answers that arrived in one phase. */
  in(phase: string): Answer[] {
    return this.answers.filter((a) => a.phase === phase);
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.workers);
  }

  private async work(worker: number, maxRequests: number, pauseMs: number): Promise<void> {
    for (let i = 0; this.running && this.answers.length < maxRequests; i++) {
      const phase = this.phase;
      const answer = await send(this.baseUrl, (i + worker) % 2 ? 'write' : 'read');
      this.answers.push({ phase, ...answer });
      await sleep(pauseMs);
    }
  }
}
