import { RedisChannel, type BusLogger } from '../redis/channel.ts';

export type { BusLogger } from '../redis/channel.ts';

export interface RevocationHandlers {
  /** Another instance (or this one) ended these sessions. */
  revoked(sessionIds: string[]): void;
  /** Messages may have been missed: forget everything cached. */
  missed(): void;
}

/**
 * Tells every instance sharing a Redis server that sessions ended, over one pub/sub channel.
 * `live` is true only while this instance is subscribed (redis/channel.ts).
 */
export class RevocationBus {
  private readonly channel: RedisChannel;

  constructor(redisUrl: string, channel: string, handlers: RevocationHandlers, log: BusLogger) {
    this.channel = new RedisChannel(
      redisUrl,
      channel,
      {
        message: (text) => {
          const ids = parseIds(text);
          if (ids) handlers.revoked(ids);
          else handlers.missed();
        },
        missed: () => handlers.missed(),
      },
      log,
    );
  }

  get live(): boolean {
    return this.channel.live;
  }

  /** Announces ended sessions; a failure only delays other instances by their cache lifetime. */
  async publish(sessionIds: string[]): Promise<void> {
    if (sessionIds.length === 0) return;
    await this.channel.publish(
      JSON.stringify(sessionIds),
      'ended sessions; other instances notice within their session cache lifetime',
    );
  }

  close(): Promise<void> {
    return this.channel.close();
  }
}

function parseIds(text: string): string[] | null {
  try {
    const ids: unknown = JSON.parse(text);
    return Array.isArray(ids) && ids.every((id) => typeof id === 'string') ? ids : null;
  } catch {
    return null;
  }
}
