import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { originalOfVariant } from '@newsroom/contract';
import type { Database } from '../db/schema.ts';
import type { MediaStorage, StoredObject } from '../storage/storage.ts';

/**
 * Where news images are stored (media/media.ts): originals `news/<uuid>[-WxH].<ext>` and their
 * variants, whose keys start with the original's (contract images.ts).
 */
export const NEWS_MEDIA_PREFIX = 'news/';

/**
 * An object younger than this is never removed, referenced or not: a write stores its image first
 * and inserts the row after, and an upload in flight must not lose its file in between.
 */
export const SWEEP_GRACE_MS = 60 * 60 * 1000;

/** Keys checked against the database per query: well under every engine's parameter limit. */
const BATCH = 500;

export interface SweepOptions {
  /** The sweep's idea of the present; objects modified before `now - graceMs` may go. */
  now?: Date;
  graceMs?: number;
}

/**
 * Removes news media that no news row refers to and that are older than the grace period: images
 * of writes that failed and could not clean up, and the local driver's `.tmp` leftovers of a crash.
 * A variant is referenced when its original is.
 * Returns the removed keys.
 */
export async function sweepOrphanMedia(
  storage: MediaStorage,
  db: Kysely<Database>,
  options: SweepOptions = {},
): Promise<string[]> {
  const cutoff = (options.now ?? new Date()).getTime() - (options.graceMs ?? SWEEP_GRACE_MS);
  const removed: string[] = [];
  let batch: string[] = [];
  const flush = async () => {
    const keys = batch;
    batch = [];
    // Read the references after listing: a row written since still protects its file.
    for (const key of await unreferencedMedia(db, keys)) {
      await storage.remove(key);
      removed.push(key);
    }
  };
  for await (const object of storage.list(NEWS_MEDIA_PREFIX)) {
    if (!isOldEnough(object, cutoff)) continue;
    batch.push(object.key);
    if (batch.length >= BATCH) await flush();
  }
  if (batch.length > 0) await flush();
  return removed;
}

const isOldEnough = (object: StoredObject, cutoff: number) =>
  object.lastModified.getTime() < cutoff;

/** The stored keys no article refers to (a variant is referred to when its original is). */
export async function unreferencedMedia(db: Kysely<Database>, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const originalOf = (key: string) => originalOfVariant(key) ?? key;
  const originals = [...new Set(keys.map(originalOf))];
  // An article's picture, or a live entry's, now or in one of its earlier states (decision 115).
  const rows = await db
    .selectFrom('news')
    .select('image_key')
    .where('image_key', 'in', originals)
    .union(db.selectFrom('live_entries').select('image_key').where('image_key', 'in', originals))
    .union(
      db.selectFrom('live_entry_versions').select('image_key').where('image_key', 'in', originals),
    )
    .execute();
  const referenced = new Set(rows.map((row) => row.image_key));
  return keys.filter((key) => !referenced.has(originalOf(key)));
}

/**
 * The media sweep, one run at a time: `process/periodic-sweep.ts` runs it at start and every six
 * hours (app.ts); a test may run it at another time (`now`). Each run logs what it removed.
 */
export class MediaSweeper {
  private running: Promise<string[]> | undefined;

  constructor(
    private readonly storage: MediaStorage,
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** A sweep after the one under way, if any; a failure is raised to the caller. */
  run(options: SweepOptions = {}): Promise<string[]> {
    const previous = this.running?.catch(() => undefined) ?? Promise.resolve();
    const next = previous.then(() => this.sweep(options));
    this.running = next;
    void next
      .finally(() => {
        if (this.running === next) this.running = undefined;
      })
      .catch(() => undefined);
    return next;
  }

  /** Waits for a sweep under way, so the database is not closed beneath it. */
  async stop(): Promise<void> {
    await this.running?.catch(() => undefined);
  }

  private async sweep(options: SweepOptions): Promise<string[]> {
    const removed = await sweepOrphanMedia(this.storage, this.db, options);
    if (removed.length > 0) this.log.info({ removed }, 'media sweep: the keys removed');
    return removed;
  }
}
