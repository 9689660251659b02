import type { ServerResponse } from 'node:http';
import { LIVE_HEARTBEAT_SECONDS } from '@newsroom/contract';
import { RedisChannel, type BusLogger } from '../redis/channel.ts';
import { eventFor, eventFrame, type LiveChange, type LiveMessage } from './changes.ts';

/** Where the changes of a live page are read again: the database, the one record of them. */
export interface LiveSource {
  /** The changes after `seen`, each entry once as it is now, and the sequence they reach. */
  changesSince(articleId: string, seen: number): Promise<{ changes: LiveChange[]; seq: number }>;
  /** The last change's sequence of each live page (absent: no such article). */
  sequences(articleIds: string[]): Promise<Map<string, number>>;
}

/** How often the watched pages' sequences are compared with the database's (missed messages). */
const SWEEP_MS = 5000;
/** Changes of a page kept in memory, for readers who join while they are on their way. */
const RECENT = 64;
/** A reader whose unsent bytes pass this is too slow to follow: its stream is closed. */
const MAX_BACKLOG_BYTES = 1024 * 1024;
const HEARTBEAT = Buffer.from(':\n\n');
/** Readers sent a change before the process turns to its other work for a moment. */
const FAN_OUT_SLICE = 1000;

/**
 * Writes to a reader's connection: its headers are sent and its body is the bytes that follow
 * until the connection closes (stream.ts), so the socket takes the bytes as they are, with none
 * of a response's work per write. A reader this far behind is too slow to follow: it is closed
 * and resumes by `Last-Event-ID`. False when the reader is gone.
 */
function write(reader: Reader, bytes: Buffer): boolean {
  const { res } = reader;
  const socket = res.socket;
  if (res.writableEnded || !socket || socket.destroyed) return false;
  socket.write(bytes);
  if (socket.writableLength > MAX_BACKLOG_BYTES) socket.destroy();
  return true;
}

/**
 * One open reader's stream: the response, and the last change it has been told of. Nothing else
 * is kept per reader, so an idle one costs its socket and this object.
 */
class Reader {
  /** False while it catches up from the database: events wait for it in `recent`. */
  active = false;

  constructor(
    readonly res: ServerResponse,
    public seen: number,
  ) {}
}

/** The readers of one live page on this instance, and the changes they have been sent. */
class Topic {
  readonly readers = new Set<Reader>();
  readonly recent: LiveChange[] = [];
  /** The fan-out of the changes taken in so far, one after the other. */
  sending: Promise<void> = Promise.resolve();
  /** True while changes are read from the database; `again`: read once more after. */
  pulling = false;
  again = false;

  constructor(public lastSeq: number) {}

  remember(change: LiveChange): void {
    this.recent.push(change);
    if (this.recent.length > RECENT) this.recent.shift();
  }
}

/**
 * The open event streams of live pages on this instance (decision 115), by article, and the way
 * changes reach every instance: a Redis channel when there are several (REDIS_URL), else
 * straight to this instance's readers. Changes are numbered by the article's sequence: each
 * instance applies them in order, and reads the database for any it has not heard (a gap in the
 * sequence, Redis lost, or every few seconds as a check), so no reader misses one or gets one
 * twice.
 */
export class LiveFanout {
  private readonly topics = new Map<string, Topic>();
  private readonly channel: RedisChannel | null;
  private readonly timers: NodeJS.Timeout[];
  private sweeping = false;

  constructor(
    private readonly source: LiveSource,
    private readonly log: BusLogger,
    redis?: { url: string; prefix: string },
  ) {
    this.channel = redis
      ? new RedisChannel(
          redis.url,
          `${redis.prefix}live`,
          { message: (text) => this.heard(text), missed: () => this.pullAll() },
          log,
        )
      : null;
    this.timers = [
      setInterval(() => void this.sweep(), SWEEP_MS).unref(),
      setInterval(() => this.heartbeat(), LIVE_HEARTBEAT_SECONDS * 1000).unref(),
    ];
  }

  /** How many readers are open here (for the benchmark and tests). */
  get size(): number {
    let count = 0;
    for (const topic of this.topics.values()) count += topic.readers.size;
    return count;
  }

  /**
   * Adds a reader of `articleId` who has seen the changes up to `seen`, the page being at
   * `articleSeq`: it is sent what it missed (from the database), then every change as it comes.
   */
  async join(articleId: string, res: ServerResponse, seen: number, articleSeq: number) {
    let topic = this.topics.get(articleId);
    if (!topic) {
      topic = new Topic(articleSeq);
      this.topics.set(articleId, topic);
    }
    const reader = new Reader(res, Math.min(seen, articleSeq));
    topic.readers.add(reader);
    res.once('close', () => this.leave(articleId, reader));
    if (reader.seen < articleSeq) {
      const missed = await this.source.changesSince(articleId, reader.seen);
      for (const change of missed.changes) this.send(articleId, reader, change);
      reader.seen = Math.max(reader.seen, missed.seq);
    }
    for (const change of topic.recent) this.send(articleId, reader, change);
    reader.active = true;
  }

  /** Tells every instance of changes just committed; through Redis when it is there. */
  async announce(message: LiveMessage): Promise<void> {
    const text = JSON.stringify(message);
    if (this.channel?.live && (await this.channel.publish(text, 'a live entry'))) return;
    this.deliver(message);
  }

  /** Ends every stream (the server is closing) and stops listening. */
  async close(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    for (const topic of this.topics.values()) for (const reader of topic.readers) reader.res.end();
    this.topics.clear();
    await this.channel?.close();
  }

  private leave(articleId: string, reader: Reader): void {
    const topic = this.topics.get(articleId);
    if (!topic) return;
    topic.readers.delete(reader);
    if (topic.readers.size === 0) this.topics.delete(articleId);
  }

  private heard(text: string): void {
    let message: LiveMessage;
    try {
      message = JSON.parse(text) as LiveMessage;
    } catch {
      return;
    }
    if (typeof message.article === 'string' && Array.isArray(message.changes)) {
      this.deliver(message);
    }
  }

  private deliver(message: LiveMessage): void {
    const topic = this.topics.get(message.article);
    if (!topic) return;
    if (topic.pulling) {
      topic.again = true;
      return;
    }
    for (const change of message.changes) {
      if (change.seq <= topic.lastSeq) continue;
      // A change before this one has not been heard (yet): the database has them all.
      if (change.seq > topic.lastSeq + 1) return void this.pull(message.article, topic);
      this.apply(message.article, topic, change);
    }
  }

  /**
   * Takes a change in (it is the page's latest from now on) and sends it to the page's readers
   * after the changes before it, a slice of readers at a time: thousands of readers never hold
   * the process from answering other requests for long.
   */
  private apply(articleId: string, topic: Topic, change: LiveChange): void {
    topic.lastSeq = Math.max(topic.lastSeq, change.seq);
    topic.remember(change);
    topic.sending = topic.sending.then(() => this.fanOut(articleId, topic, change));
  }

  private async fanOut(articleId: string, topic: Topic, change: LiveChange): Promise<void> {
    // One frame per kind of event, made once for every reader.
    const frames = new Map<string, Buffer>();
    let sent = 0;
    for (const reader of topic.readers) {
      if (!reader.active) continue;
      this.send(articleId, reader, change, frames);
      if (++sent % FAN_OUT_SLICE === 0) await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** Sends a change to one reader, as what it is to them; ends the stream after `ended`. */
  private send(
    articleId: string,
    reader: Reader,
    change: LiveChange,
    frames?: Map<string, Buffer>,
  ) {
    if (change.seq <= reader.seen) return;
    const event = eventFor(change, reader.seen);
    reader.seen = change.seq;
    if (!event) return;
    let frame = frames?.get(event.event);
    if (!frame) {
      frame = Buffer.from(eventFrame(change.seq, event.event, event.data));
      frames?.set(event.event, frame);
    }
    if (!write(reader, frame)) return;
    if (event.event === 'ended') {
      reader.res.end();
      this.leave(articleId, reader);
    }
  }

  /** Reads the changes this instance has not heard from the database, and applies them. */
  private async pull(articleId: string, topic: Topic): Promise<void> {
    if (topic.pulling) {
      topic.again = true;
      return;
    }
    topic.pulling = true;
    try {
      do {
        topic.again = false;
        const { changes, seq } = await this.source.changesSince(articleId, topic.lastSeq);
        for (const change of changes) this.apply(articleId, topic, change);
        topic.lastSeq = Math.max(topic.lastSeq, seq);
      } while (topic.again);
    } catch (error) {
      this.log.warn({ err: error }, 'Could not read the changes of a live page');
    } finally {
      topic.pulling = false;
    }
  }

  private pullAll(): void {
    for (const [articleId, topic] of this.topics) void this.pull(articleId, topic);
  }

  /** Compares each watched page's sequence with the database's: a missed change is read. */
  private async sweep(): Promise<void> {
    if (this.sweeping || this.topics.size === 0) return;
    this.sweeping = true;
    try {
      const sequences = await this.source.sequences([...this.topics.keys()]);
      for (const [articleId, topic] of this.topics) {
        const seq = sequences.get(articleId);
        if (seq !== undefined && seq > topic.lastSeq) void this.pull(articleId, topic);
      }
    } catch (error) {
      this.log.warn({ err: error }, 'Could not check the live pages for missed changes');
    } finally {
      this.sweeping = false;
    }
  }

  /** A comment line to every reader: ignored by browsers, it keeps proxies from closing. */
  private heartbeat(): void {
    for (const topic of this.topics.values()) {
      for (const reader of topic.readers) {
        write(reader, HEARTBEAT);
      }
    }
  }
}
