import { Redis } from 'ioredis';

export interface BusLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface RevocationHandlers {
  /** Another instance (or this one) ended these sessions. */
  revoked(sessionIds: string[]): void;
  /** Messages may have been missed: forget everything cached. */
  missed(): void;
}

/**
 * Tells every instance sharing a Redis server that sessions ended, over one pub/sub channel.
 * `live` is true only while this instance is subscribed; before that, and from the moment the
 * subscriber connection drops, nothing heard can be trusted to be complete.
 */
export class RevocationBus {
  private readonly subscriber: Redis;
  private readonly publisher: Redis;
  private subscribed = false;

  constructor(
    redisUrl: string,
    private readonly channel: string,
    private readonly handlers: RevocationHandlers,
    private readonly log: BusLogger,
  ) {
    // Subscriptions are renewed by hand on every connect, so `live` turns true only once the
    // server has confirmed one (ioredis's own resubscription reports ready before that).
    this.subscriber = new Redis(redisUrl, { autoResubscribe: false, maxRetriesPerRequest: 1 });
    this.publisher = new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    this.subscriber.on('ready', () => void this.subscribe());
    this.subscriber.on('close', () => this.lost());
    this.subscriber.on('message', (from: string, message: string) => this.receive(from, message));
    // Connection errors are followed by 'close' and retried; they must not crash the process.
    this.subscriber.on('error', () => {});
    this.publisher.on('error', () => {});
  }

  get live(): boolean {
    return this.subscribed;
  }

  /** Announces ended sessions; a failure only delays other instances by their cache lifetime. */
  async publish(sessionIds: string[]): Promise<void> {
    if (sessionIds.length === 0) return;
    try {
      await this.publisher.publish(this.channel, JSON.stringify(sessionIds));
    } catch (error) {
      this.log.warn(
        { err: error, sessions: sessionIds.length },
        'Could not announce ended sessions through Redis; other instances notice within their session cache lifetime',
      );
    }
  }

  async close(): Promise<void> {
    this.subscribed = false;
    this.subscriber.disconnect();
    this.publisher.disconnect();
  }

  private async subscribe(): Promise<void> {
    try {
      await this.subscriber.subscribe(this.channel);
      // The connection may have dropped while the confirmation was on its way.
      this.subscribed = this.subscriber.status === 'ready';
      this.log.info({ channel: this.channel }, 'Listening for ended sessions through Redis');
    } catch (error) {
      this.log.warn({ err: error }, 'Could not subscribe to ended sessions through Redis');
    }
  }

  private lost(): void {
    if (this.subscribed) {
      this.log.warn({}, 'Lost Redis: checking every session against the database until it is back');
    }
    this.subscribed = false;
    this.handlers.missed();
  }

  private receive(from: string, message: string): void {
    if (from !== this.channel) return;
    let ids: unknown;
    try {
      ids = JSON.parse(message);
    } catch {
      ids = null;
    }
    if (Array.isArray(ids) && ids.every((id) => typeof id === 'string')) {
      this.handlers.revoked(ids);
    } else {
      this.handlers.missed();
    }
  }
}
