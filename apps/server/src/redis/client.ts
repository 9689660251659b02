import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * A Redis connection that never makes a request wait for, or the process fall over with, a
 * Redis that is away. Commands fail at once while disconnected (no offline queue) or after a
 * short timeout when Redis hangs, so callers fall back (throttles count in memory meanwhile);
 * reconnection is retried at least once a second so Redis is used again soon after it returns.
 */
export function connectRedis(url: string, log: FastifyBaseLogger): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    commandTimeout: 1000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 1000),
  });
  // One warning per outage, not one per reconnection attempt; without an 'error' listener
  // ioredis prints every failed attempt as an unhandled error event.
  let away = false;
  redis.on('error', (error: Error) => {
    if (away) return;
    away = true;
    log.warn(`Redis is unavailable (${error.message}); throttles count in memory until it returns`);
  });
  redis.on('ready', () => {
    if (!away) return;
    away = false;
    log.info('Redis is back; throttles count in Redis again');
  });
  return redis;
}

/**
 * Resolves once Redis is ready, or as soon as it fails or the timeout passes, so a start waits a
 * moment for a reachable Redis (throttles count there from the first request) but never hangs
 * on, or refuses to start without, an unreachable one.
 */
export async function settle(redis: Redis, timeoutMs = 2000): Promise<void> {
  if (redis.status === 'ready') return;
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done).off('error', done);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    redis.once('ready', done).once('error', done);
  });
}

/** Closes the connection whether or not Redis is reachable right now. */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'ready') {
    await redis.quit().catch(() => redis.disconnect());
  } else {
    redis.disconnect();
  }
}
