import type { PresenceEditor } from '@newsroom/contract';
import { RedisChannel, type BusLogger } from '../redis/channel.ts';
import type { PresenceStore } from './store.ts';
import type { EventStream, StreamEvent } from './stream.ts';

/** What one instance tells all: the article, the event, its data, and whom it is for (all). */
export interface PresenceMessage {
  article: string;
  event: StreamEvent;
  /** For `presence`, none: each instance reads the editors from the store itself. */
  data?: unknown;
  /** Only the streams of these people (a takeover tells the displaced). */
  to?: string[];
}

/** How often the editors of watched articles are read again, so expired ones drop out. */
const SWEEP_MS = 5000;
/** How often an idle stream gets a comment, well inside proxies' idle timeouts. */
const PING_MS = 20_000;

/**
 * The open event streams of this instance, by article, and the way events reach every instance:
 * a Redis channel when there are several (REDIS_URL), else straight to this instance's streams.
 * A `presence` event is never carried with its list: each instance reads the list from the store
 * and sends it only when it changed, so messages arriving out of order never show an old list.
 */
export class PresenceFanout {
  private readonly streams = new Map<string, Set<EventStream>>();
  /** The editors each watched article's streams were last shown, as JSON. */
  private readonly shown = new Map<string, string>();
  /** Articles whose editors are being read; true when they must be read once more. */
  private readonly reading = new Map<string, boolean>();
  private readonly channel: RedisChannel | null;
  private readonly timers: NodeJS.Timeout[];

  constructor(
    private readonly store: PresenceStore,
    private readonly log: BusLogger,
    redis?: { url: string; prefix: string },
  ) {
    this.channel = redis
      ? new RedisChannel(
          redis.url,
          `${redis.prefix}presence`,
          {
            message: (text) => void this.heard(text),
            missed: () => this.rereadAll(),
          },
          log,
        )
      : null;
    this.timers = [
      setInterval(() => this.rereadAll(), SWEEP_MS).unref(),
      setInterval(() => this.pingAll(), PING_MS).unref(),
    ];
  }

  /** True while events reach the other instances (or there are none to reach). */
  get live(): boolean {
    return this.channel ? this.channel.live : true;
  }

  add(stream: EventStream, editors: PresenceEditor[]): void {
    const streams = this.streams.get(stream.articleId) ?? new Set();
    streams.add(stream);
    this.streams.set(stream.articleId, streams);
    stream.send('presence', editors);
    if (!this.shown.has(stream.articleId)) {
      this.shown.set(stream.articleId, JSON.stringify(editors));
    }
  }

  /** Forgets a closed stream; true when its person has another stream open on the article here. */
  delete(stream: EventStream): boolean {
    const streams = this.streams.get(stream.articleId);
    if (!streams) return false;
    streams.delete(stream);
    if (streams.size === 0) {
      this.streams.delete(stream.articleId);
      this.shown.delete(stream.articleId);
    }
    return [...(streams ?? [])].some((other) => other.personId === stream.personId);
  }

  /** Tells every instance; through Redis when it is there, else (or when it fails) here only. */
  async announce(message: PresenceMessage): Promise<void> {
    const text = JSON.stringify(message);
    if (this.channel?.live && (await this.channel.publish(text, 'an editor’s presence'))) return;
    await this.deliver(message);
  }

  /** Ends every stream (the server is closing) and stops listening. */
  async close(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    for (const streams of this.streams.values()) for (const stream of streams) stream.end();
    this.streams.clear();
    await this.channel?.close();
  }

  /** How many streams are open here (for the benchmark and tests). */
  get size(): number {
    let count = 0;
    for (const streams of this.streams.values()) count += streams.size;
    return count;
  }

  private async heard(text: string): Promise<void> {
    let message: PresenceMessage;
    try {
      message = JSON.parse(text) as PresenceMessage;
    } catch {
      return;
    }
    if (typeof message.article === 'string') await this.deliver(message);
  }

  private async deliver(message: PresenceMessage): Promise<void> {
    const streams = this.streams.get(message.article);
    if (!streams) return;
    if (message.event === 'presence') return this.reread(message.article);
    for (const stream of streams) {
      if (!message.to || message.to.includes(stream.personId)) {
        stream.send(message.event, message.data);
      }
    }
  }

  /** Reads the article's editors and shows them to its streams here if they changed. */
  private async reread(articleId: string): Promise<void> {
    if (this.reading.has(articleId)) {
      this.reading.set(articleId, true);
      return;
    }
    try {
      do {
        this.reading.set(articleId, false);
        await this.show(articleId);
      } while (this.reading.get(articleId));
    } catch (error) {
      this.log.warn({ err: error }, 'Could not read who is editing an article');
    } finally {
      this.reading.delete(articleId);
    }
  }

  private async show(articleId: string): Promise<void> {
    const editors = await this.store.list(articleId);
    const streams = this.streams.get(articleId);
    const text = JSON.stringify(editors);
    if (!streams || this.shown.get(articleId) === text) return;
    this.shown.set(articleId, text);
    for (const stream of streams) stream.send('presence', editors);
  }

  private rereadAll(): void {
    for (const articleId of this.streams.keys()) void this.reread(articleId);
  }

  private pingAll(): void {
    for (const streams of this.streams.values()) for (const stream of streams) stream.ping();
  }
}
