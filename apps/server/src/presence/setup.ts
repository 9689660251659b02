import type { Redis } from 'ioredis';
import { PRESENCE_TIMING } from '@newsroom/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Clock } from '../domain/clock.ts';
import type { BusLogger } from '../redis/channel.ts';
import { PresenceFanout } from './fanout.ts';
import { FallbackPresenceStore } from './fallback-store.ts';
import { RedisPresenceStore } from './redis-store.ts';
import { PresenceService } from './service.ts';
import { MemoryPresenceStore } from './store.ts';

export interface PresenceDeps {
  db: Kysely<Database>;
  /** The app's Redis connection when REDIS_URL is set: several instances share presence there. */
  redis: Redis | null;
  redisUrl: string | undefined;
  redisPrefix: string;
  clock: Clock;
  log: BusLogger;
}

/**
 * Presence as the deployment asks (decision 110): with Redis, the editors in Redis and events
 * through its pub/sub (this instance's memory while Redis is away); without, one instance keeps
 * both in its memory.
 */
export function createPresence(deps: PresenceDeps) {
  const expiryMs = PRESENCE_TIMING.expirySeconds * 1000;
  const memory = new MemoryPresenceStore(expiryMs);
  const store =
    deps.redis && deps.redisUrl
      ? new FallbackPresenceStore(
          new RedisPresenceStore(deps.redis, deps.redisPrefix, expiryMs),
          memory,
          deps.log,
        )
      : memory;
  const fanout = new PresenceFanout(
    store,
    deps.log,
    deps.redisUrl ? { url: deps.redisUrl, prefix: deps.redisPrefix } : undefined,
  );
  return { service: new PresenceService(deps.db, store, fanout, deps.clock), fanout };
}

export type Presence = ReturnType<typeof createPresence>;
