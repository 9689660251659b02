import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { IntervalWriter } from './interval-writer.ts';

export interface ViewLogger {
  warn(details: object, message: string): void;
}

/**
 * Articles written per statement. SQLite writes on the main thread: at a million articles a row
 * costs it about 0.19 ms (the row, its key, the views index and the figure they keep), so 1,000
 * distinct articles in one statement held every reader up for about 185 ms. A hundred at a time,
 * with readers served between statements, bounds that wait to a few tens of milliseconds.
 */
const ARTICLES_PER_STATEMENT = 100;

/**
 * Article views counted in memory and written once per interval (and on close), one UPDATE per
 * hundred articles, so a read never waits for a write. A failed write keeps its views for the
 * next interval. A process killed outright loses at most the views of one interval
 * (docs/decisions/071).
 */
export class ViewBuffer extends IntervalWriter {
  private pending = new Map<string, number>();
  /** Views being written right now: still shown, not yet in the database. */
  private writing = new Map<string, number>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: ViewLogger,
    intervalMs = 1000,
  ) {
    super(intervalMs);
  }

  add(newsId: string, count = 1): void {
    this.pending.set(newsId, (this.pending.get(newsId) ?? 0) + count);
  }

  /** Views of the article counted here and not yet in the database. */
  unwritten(newsId: string): number {
    return (this.pending.get(newsId) ?? 0) + (this.writing.get(newsId) ?? 0);
  }

  protected hasPending(): boolean {
    return this.pending.size > 0;
  }

  protected async write(): Promise<void> {
    if (this.pending.size === 0) return;
    this.writing = this.pending;
    this.pending = new Map();
    const counts = [...this.writing];
    try {
      for (let i = 0; i < counts.length; i += ARTICLES_PER_STATEMENT) {
        if (i > 0) await nextTurn();
        await this.update(counts.slice(i, i + ARTICLES_PER_STATEMENT));
      }
      this.writing = new Map();
    } catch (error) {
      // Kept for the next interval; a batch already written is not written again.
      this.log.warn({ err: error }, 'Could not write article views; retrying next interval');
      for (const [id, count] of this.writing) this.add(id, count);
      this.writing = new Map();
    }
  }

  /** One statement: `views = views + CASE id WHEN … END` for every article of the batch. */
  private async update(batch: Array<[string, number]>) {
    const cases = batch.map(([id, count]) => sql`when ${id} then ${sql.lit(count)}`);
    await this.db
      .updateTable('news')
      .set({ views: sql<number>`views + case id ${sql.join(cases, sql` `)} else 0 end` })
      .where(
        'id',
        'in',
        batch.map(([id]) => id),
      )
      .execute();
    for (const [id] of batch) this.writing.delete(id);
  }
}
