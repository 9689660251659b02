import type { Kysely } from 'kysely';
import type { Invalidate } from '../cache/tags.ts';
import type { Database } from '../db/schema.ts';
import type { Clock } from '../domain/clock.ts';
import type { BusLogger } from '../redis/channel.ts';
import type { VariantMaker } from '../media/variant-maker.ts';
import type { MediaStorage } from '../storage/storage.ts';
import { LiveFanout } from './fanout.ts';
import { LiveService } from './service.ts';

export interface LiveDeps {
  db: Kysely<Database>;
  storage: MediaStorage;
  invalidate: Invalidate;
  clock: Clock;
  /** Makes the variants of entries' pictures. */
  variants: VariantMaker;
  /** When set, changes reach the readers of every instance through Redis. */
  redisUrl: string | undefined;
  redisPrefix: string;
  log: BusLogger;
}

/** Live pages as the deployment asks (decision 115): the service and its readers' fan-out. */
export function createLive(deps: LiveDeps) {
  const service = new LiveService(
    deps.db,
    deps.storage,
    deps.invalidate,
    deps.clock,
    deps.variants,
  );
  const fanout = new LiveFanout(
    service,
    deps.log,
    deps.redisUrl ? { url: deps.redisUrl, prefix: deps.redisPrefix } : undefined,
  );
  service.announceThrough(fanout);
  return { service, fanout };
}

export type Live = ReturnType<typeof createLive>;
