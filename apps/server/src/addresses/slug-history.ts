import type { Kysely } from 'kysely';
import { now } from '../db/ids.ts';
import type { Database } from '../db/schema.ts';

/**
 * What an article write does to the history of slugs (decision 084), run inside that write's own
 * transaction: a former slug points at the article (by id, so never at another former slug), a
 * slug a live article takes stops redirecting or answering 410, and a deleted article leaves
 * tombstones.
 */
export class SlugHistory {
  constructor(private readonly db: Kysely<Database>) {}

  /** A live article now holds `slug`: the live article wins over any redirect or tombstone. */
  async taken(slug: string): Promise<void> {
    await this.db.deleteFrom('news_slug_history').where('slug', '=', slug).execute();
    await this.db.deleteFrom('deleted_slugs').where('slug', '=', slug).execute();
  }

  /**
   * The article left slug `from` for `to`: `from` now leads to it, and `to` (if it was one of its
   * former slugs, or another article's, or a deleted one's) no longer redirects anywhere.
   */
  async moved(newsId: string, from: string, to: string): Promise<void> {
    if (from === to) return;
    await this.taken(to);
    const created_at = now();
    await this.db
      .insertInto('news_slug_history')
      .values({ slug: from, news_id: newsId, created_at })
      .onConflict((conflict) =>
        conflict.column('slug').doUpdateSet({ news_id: newsId, created_at }),
      )
      .execute();
  }

  /** The article's former slugs, oldest first. */
  async formerSlugs(newsId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('news_slug_history')
      .select('slug')
      .where('news_id', '=', newsId)
      .orderBy('created_at')
      .orderBy('slug')
      .execute();
    return rows.map((row) => row.slug);
  }

  /**
   * The article is being deleted: its slug and every former one answer 410 from now on. Returns
   * those slugs, whose pages the delete makes stale.
   */
  async deleted(newsId: string, slug: string): Promise<string[]> {
    const slugs = [slug, ...(await this.formerSlugs(newsId))];
    const deleted_at = now();
    for (const gone of slugs) {
      await this.db
        .insertInto('deleted_slugs')
        .values({ slug: gone, deleted_at })
        .onConflict((conflict) => conflict.column('slug').doUpdateSet({ deleted_at }))
        .execute();
    }
    await this.db.deleteFrom('news_slug_history').where('news_id', '=', newsId).execute();
    return slugs;
  }
}
