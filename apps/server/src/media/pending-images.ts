import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { pendingImageSql } from './image-keys.ts';
import type { VariantJob } from './variant-protocol.ts';

/** Rows read per query: a small batch, so a scan never holds much in memory. */
const BATCH = 50;

interface Cursor {
  createdAt: string;
  id: string;
}

/**
 * A walk over the articles whose image has a pending key (media/image-keys.ts), newest first, in
 * batches, by the partial index of migration 0008. Drafts, scheduled and inactive articles are
 * included: any of them may be shown later without a new upload.
 */
export class PendingImages {
  private batch: VariantJob[] = [];
  /** Where the walk goes on; null when no walk is under way. */
  private cursor: Cursor | 'top' | null = null;
  private again = false;

  constructor(private readonly db: Kysely<Database>) {}

  /** Starts a walk from the newest, or again from there once the one under way ends. */
  rescan(): void {
    if (this.cursor === null) this.cursor = 'top';
    else this.again = true;
  }

  /** True while a walk is under way or asked for. */
  get due(): boolean {
    return this.cursor !== null || this.again || this.batch.length > 0;
  }

  stop(): void {
    this.batch = [];
    this.cursor = null;
    this.again = false;
  }

  /** The next pending image, or undefined when the walk (and any asked for since) is over. */
  async next(): Promise<VariantJob | undefined> {
    while (this.batch.length === 0) {
      if (this.cursor === null) {
        if (!this.again) return undefined;
        this.again = false;
        this.cursor = 'top';
      }
      await this.read(this.cursor);
    }
    return this.batch.shift();
  }

  private async read(from: Cursor | 'top'): Promise<void> {
    let query = this.db
      .selectFrom('news')
      .select(['id', 'image_key', 'created_at'])
      .where(pendingImageSql())
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(BATCH);
    if (from !== 'top') {
      query = query.where((eb) =>
        eb.or([
          eb('created_at', '<', from.createdAt),
          eb.and([eb('created_at', '=', from.createdAt), eb('id', '<', from.id)]),
        ]),
      );
    }
    const rows = await query.execute();
    const last = rows.at(-1);
    this.cursor =
      rows.length === BATCH && last ? { createdAt: last.created_at, id: last.id } : null;
    this.batch = rows.flatMap((row) =>
      row.image_key ? [{ newsId: row.id, key: row.image_key }] : [],
    );
  }
}
