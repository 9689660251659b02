import { Redis } from 'ioredis';

export interface BusLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface ChannelHandlers {
  /** A message published on the channel (by another instance or this one). */
  message(text: string): void;
  /** Messages may have been missed: forget whatever depends on hearing them all. */
  missed(): void;
}

/**
 * One pub/sub channel shared by every instance on a Redis server. `live` is true only while this
 * instance is subscribed; before that, and from the moment the subscriber connection drops,
 * nothing heard can be trusted to be complete, so callers stop relying on it.
 */
export class RedisChannel {
  private readonly subscriber: Redis;
  private readonly publisher: Redis;
  private subscribed = false;

  constructor(
    redisUrl: string,
    readonly name: string,
    private readonly handlers: ChannelHandlers,
    private readonly log: BusLogger,
  ) {
    // Subscriptions are renewed by hand on every connect, so `live` turns true only once the
    // server has confirmed one (ioredis's own resubscription reports ready before that).
    this.subscriber = new Redis(redisUrl, { autoResubscribe: false, maxRetriesPerRequest: 1 });
    this.publisher = new Redis(redisUrl, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: 1000,
    });
    this.subscriber.on('ready', () => void this.subscribe());
    this.subscriber.on('close', () => this.lost());
    this.subscriber.on('message', (from: string, text: string) => {
      if (from === this.name) this.handlers.message(text);
    });
    // Connection errors are followed by 'close' and retried; they must not crash the process.
    this.subscriber.on('error', () => {});
    this.publisher.on('error', () => {});
  }

  get live(): boolean {
    return this.subscribed;
  }

  /** Publishes `text`; false (and a warning naming `what`) when Redis did not take it. */
  async publish(text: string, what: string): Promise<boolean> {
    try {
      await this.publisher.publish(this.name, text);
      return true;
    } catch (error) {
      this.log.warn({ err: error, channel: this.name }, `Could not announce ${what} through Redis`);
      return false;
    }
  }

  async close(): Promise<void> {
    this.subscribed = false;
    this.subscriber.disconnect();
    this.publisher.disconnect();
  }

  private async subscribe(): Promise<void> {
    try {
      await this.subscriber.subscribe(this.name);
      // The connection may have dropped while the confirmation was on its way.
      this.subscribed = this.subscriber.status === 'ready';
      this.log.info({ channel: this.name }, 'Listening through Redis');
    } catch (error) {
      this.log.warn({ err: error, channel: this.name }, 'Could not subscribe through Redis');
    }
  }

  private lost(): void {
    if (this.subscribed) {
      this.log.warn({ channel: this.name }, 'Lost Redis: not relying on what it tells until back');
    }
    this.subscribed = false;
    this.handlers.missed();
  }
}
