import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Clock } from '../domain/clock.ts';
import {
  articleShownTags,
  publicTags,
  type ArticlePlaces,
  type Invalidate,
} from '../cache/tags.ts';
import type { NewsMedia } from './media.ts';
import { PendingImages } from './pending-images.ts';
import type { VariantJob } from './variant-protocol.ts';

/** Jobs of writes waiting their turn; past it, a job is dropped and found again by a scan. */
export const VARIANT_QUEUE_LIMIT = 500;

/**
 * Switches are announced to the page cache together, at most once in this time (decision 133):
 * a page kept with the pending picture stays right (the pending file is kept), so there is no
 * hurry, and under a stream of writes one rebuild of the busiest pages covers many switches.
 */
export const SWITCH_BATCH_MS = 2000;

export interface VariantMakerDeps {
  db: Kysely<Database>;
  media: NewsMedia;
  /** Makes one picture's variants, resolving with the key they were stored beside. */
  make(job: VariantJob): Promise<string>;
  /** The places an article shows on, or null when it is gone. */
  articleOf(newsId: string): Promise<ArticlePlaces | null>;
  invalidate: Invalidate;
  clock: Clock;
  log: FastifyBaseLogger;
  /** How long switches wait to be announced together (default `SWITCH_BATCH_MS`). */
  switchBatchMs?: number;
}

/**
 * Makes the variants of uploads after their write answered (decision 083), one at a time: jobs of
 * this instance's writes first, then what a scan of pending images finds (at start, and after the
 * queue overflowed). When a picture's files are stored, its article switches from the pending key
 * to the sized one only if it still names the pending one; then that article's cached answers are
 * dropped, with those of the other switches of the next two seconds (`SWITCH_BATCH_MS`). A switch that lost (the image was replaced or deleted meanwhile) removes its new files.
 */
export class VariantMaker {
  private readonly queue: VariantJob[] = [];
  private readonly pending: PendingImages;
  private working: Promise<void> | undefined;
  private closed = false;
  /** What the switches made since the last announcement make stale, and its timer. */
  private switched = new Set<string>();
  private announcing: NodeJS.Timeout | undefined;
  /** The last announcement, done or under way (never rejected). */
  private announced: Promise<void> = Promise.resolve();

  constructor(private readonly deps: VariantMakerDeps) {
    this.pending = new PendingImages(deps.db);
  }

  /** Looks for pending images left by a crash or by uploads from before variants existed. */
  start(): void {
    this.pending.rescan();
    this.kick();
  }

  /** A write stored an upload under its pending key. */
  add(job: VariantJob): void {
    if (this.closed) return;
    if (this.queue.length < VARIANT_QUEUE_LIMIT) this.queue.push(job);
    else this.pending.rescan();
    this.kick();
  }

  /**
   * Resolves when nothing is left to make (no job queued or under way, no scan to go) and every
   * switch made is announced: the pages read after it show the variants.
   */
  async idle(): Promise<void> {
    while (this.working) await this.working;
    await this.announce();
  }

  /**
   * Takes no more jobs and waits for the one under way to end, and for an announcement under way.
   * Switches not yet announced are not: the app is closing, and a page kept elsewhere with the pending picture stays right
   * until it expires (the pending file is kept far longer, decision 083).
   */
  async close(): Promise<void> {
    this.closed = true;
    this.queue.length = 0;
    this.pending.stop();
    await this.working;
    clearTimeout(this.announcing);
    this.switched.clear();
    await this.announced;
  }

  private kick(): void {
    if (this.working || this.closed) return;
    const working = this.drain().finally(() => {
      this.working = undefined;
      // A job added while the last one ended is taken up at once.
      if (this.queue.length > 0 || this.pending.due) this.kick();
    });
    this.working = working;
  }

  private async drain(): Promise<void> {
    for (;;) {
      if (this.closed) return;
      const job = this.queue.shift() ?? (await this.scanned());
      if (!job) return;
      try {
        await this.makeOne(job);
      } catch (error) {
        if (!this.closed) {
          this.deps.log.warn({ err: error, ...job }, `Could not make the variants of ${job.key}`);
        }
      }
    }
  }

  private async scanned(): Promise<VariantJob | undefined> {
    try {
      return await this.pending.next();
    } catch (error) {
      this.deps.log.warn({ err: error }, 'Could not read the images waiting for variants');
      return undefined;
    }
  }

  private async makeOne(job: VariantJob): Promise<void> {
    const { db, media } = this.deps;
    if ((await this.imageOf(job)) !== job.key) return; // replaced or deleted meanwhile
    const madeKey = await this.deps.make(job);
    if (this.closed) return; // the database may be closing; the next start makes it again
    const switched = job.entryId
      ? await db
          .updateTable('live_entries')
          .set({ image_key: madeKey })
          .where('id', '=', job.entryId)
          .where('image_key', '=', job.key)
          .executeTakeFirst()
      : await db
          .updateTable('news')
          .set({ image_key: madeKey })
          .where('id', '=', job.newsId)
          .where('image_key', '=', job.key)
          .executeTakeFirst();
    if (Number(switched.numUpdatedRows) === 0) {
      // Another instance may have made and switched the same files; only a change drops them.
      if ((await this.imageOf(job)) !== madeKey) await media.remove(madeKey);
      return;
    }
    const article = await this.deps.articleOf(job.newsId);
    if (!article) return;
    // An entry's picture shows on its live page only; an article's wherever the article does
    // (decision 133: not every list of its sections).
    const tags = job.entryId
      ? [publicTags.article(article.slug)]
      : articleShownTags(article, this.deps.clock.now());
    for (const tag of tags) this.switched.add(tag);
    this.announcing ??= setTimeout(
      () => void this.announce(),
      this.deps.switchBatchMs ?? SWITCH_BATCH_MS,
    ).unref();
  }

  /**
   * Makes stale, at once, what the switches since the last announcement changed; resolves when
   * that and every announcement before it are done (a timer's may be under way).
   */
  private announce(): Promise<void> {
    clearTimeout(this.announcing);
    this.announcing = undefined;
    if (this.switched.size > 0) {
      const tags = [...this.switched];
      this.switched = new Set();
      this.announced = this.announced
        .then(() => this.deps.invalidate(tags))
        .catch((error: unknown) => {
          this.deps.log.warn({ err: error }, 'Could not drop the pages of pictures given variants');
        });
    }
    return this.announced;
  }

  /** The picture the job's article or entry has now (undefined: gone; an entry deleted). */
  private async imageOf({ newsId, entryId }: VariantJob): Promise<string | null | undefined> {
    if (entryId) {
      const entry = await this.deps.db
        .selectFrom('live_entries')
        .select(['image_key', 'deleted_at'])
        .where('id', '=', entryId)
        .where('news_id', '=', newsId)
        .executeTakeFirst();
      return entry && !entry.deleted_at ? entry.image_key : undefined;
    }
    const row = await this.deps.db
      .selectFrom('news')
      .select('image_key')
      .where('id', '=', newsId)
      .executeTakeFirst();
    return row?.image_key;
  }
}
