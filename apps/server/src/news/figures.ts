import type { Kysely } from 'kysely';
import type { Database, NewsCountScope } from '../db/schema.ts';

/** A news filter whose names were looked up: ids to match, newest first. */
export interface ResolvedFilter {
  activeOnly: boolean;
  categoryId?: string;
  /** Sub-category names repeat across categories, so one name may stand for several. */
  subCategoryIds?: string[];
  publisherId?: string;
  anchorId?: string;
  excludeSlug?: string;
}

export interface MonthFigure {
  /** `YYYY-MM` of the articles' creation, UTC. */
  month: string;
  active: number;
  /** The last write that touched the month's articles. */
  changedAt: string | null;
}

/**
 * Reads of the figures the database keeps in `news_counts` (decision 073): totals without
 * counting rows. A filter no single figure answers returns `undefined`, and the caller counts.
 */
export class NewsFigures {
  constructor(private readonly db: Kysely<Database>) {}

  /** The count of a filter from the figures, or undefined when none applies. */
  async count(filter: ResolvedFilter): Promise<number | undefined> {
    const { categoryId, subCategoryIds, publisherId, anchorId } = filter;
    const named = [categoryId, subCategoryIds, publisherId, anchorId].filter(
      (value) => value !== undefined,
    ).length;
    if (named === 0) return this.sum(filter.activeOnly, 'all', ['']);
    if (named === 1) {
      if (categoryId) return this.sum(filter.activeOnly, 'category', [categoryId]);
      if (subCategoryIds) return this.sum(filter.activeOnly, 'subcategory', subCategoryIds);
      if (publisherId) return this.sum(filter.activeOnly, 'publisher', [publisherId]);
      if (anchorId) return this.sum(filter.activeOnly, 'anchor', [anchorId]);
    }
    if (named === 2 && categoryId && subCategoryIds) {
      const keys = subCategoryIds.map((id) => `${categoryId}/${id}`);
      return this.sum(filter.activeOnly, 'category_subcategory', keys);
    }
    return undefined;
  }

  /** Every article, active or not, and their views, for the dashboard. */
  async totals(): Promise<{ news: number; views: number }> {
    const row = await this.db
      .selectFrom('news_counts')
      .select(['all_count', 'views'])
      .where('scope', '=', 'all')
      .where('key', '=', '')
      .executeTakeFirst();
    return { news: Number(row?.all_count ?? 0), views: Number(row?.views ?? 0) };
  }

  /** Months that hold active articles, oldest first. */
  async months(): Promise<MonthFigure[]> {
    const rows = await this.db
      .selectFrom('news_counts')
      .select(['key', 'active_count', 'changed_at'])
      .where('scope', '=', 'month')
      .where('active_count', '>', 0)
      .orderBy('key')
      .execute();
    return rows.map((row) => ({
      month: row.key,
      active: Number(row.active_count),
      changedAt: row.changed_at,
    }));
  }

  private async sum(activeOnly: boolean, scope: NewsCountScope, keys: string[]): Promise<number> {
    if (keys.length === 0) return 0;
    const column = activeOnly ? 'active_count' : 'all_count';
    const row = await this.db
      .selectFrom('news_counts')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>(column), eb.lit(0)).as('count'))
      .where('scope', '=', scope)
      .where('key', 'in', keys)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }
}
