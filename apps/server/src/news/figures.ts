import type { Kysely } from 'kysely';
import { FILTER_DIMENSIONS, scopeOf, type FilterDimension } from '../db/news-figures-sql.ts';
import type { Database } from '../db/schema.ts';

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
 * counting rows.
 */
export class NewsFigures {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * The count of any combination of filters: one figure per combination, summed over the
   * sub-category ids a name stands for.
   */
  async count(filter: ResolvedFilter): Promise<number> {
    const query = this.countQuery(filter);
    return query ? Number((await query.executeTakeFirstOrThrow()).count) : 0;
  }

  /**
   * The statement behind `count`, to be run on its own or inside another; null when no figure
   * can match (a filter with no ids to choose from).
   */
  countQuery(filter: ResolvedFilter) {
    const ids: Record<FilterDimension, string[] | undefined> = {
      category: filter.categoryId === undefined ? undefined : [filter.categoryId],
      subcategory: filter.subCategoryIds,
      publisher: filter.publisherId === undefined ? undefined : [filter.publisherId],
      anchor: filter.anchorId === undefined ? undefined : [filter.anchorId],
    };
    const chosen = FILTER_DIMENSIONS.map(([name]) => name).filter((name) => ids[name]);
    // Every choice of one id per filter, joined as the triggers join them ('' for none).
    const keys = chosen
      .reduce<string[][]>(
        (choices, name) =>
          choices.flatMap((parts) => (ids[name] ?? []).map((id) => [...parts, id])),
        [[]],
      )
      .map((parts) => parts.join('/'));
    if (keys.length === 0) return null;
    const column = filter.activeOnly ? 'active_count' : 'all_count';
    return this.db
      .selectFrom('news_counts')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>(column), eb.lit(0)).as('count'))
      .where('scope', '=', scopeOf(chosen))
      .where('key', 'in', keys);
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
}
