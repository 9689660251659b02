import type { ExpressionBuilder, Kysely } from 'kysely';
import { PAGE_SIZE } from '@newsroom/contract';
import type { Database } from '../db/schema.ts';
import { isoNow, type Clock } from '../domain/clock.ts';
import { NewsFigures } from '../news/figures.ts';
import { isPublicNews, isPublicNewsPublishedIn, isScheduledNews } from '../db/news-visibility.ts';

/** One file of the sitemap index: a month of active articles, or its n-th part. */
export interface ArchiveFile {
  /** `YYYY-MM` of the articles' creation, UTC. */
  month: string;
  /** 1 for the month's first `perFile` articles, 2 for the next, and so on. */
  part: number;
  /** The last write that touched the month's articles. */
  changedAt: string | null;
}

export interface ArchivedArticle {
  slug: string;
  updatedAt: string;
}

/** An article as the Google News sitemap lists it. */
export interface RecentArticle {
  slug: string;
  title: string;
  createdAt: string;
}

/** `YYYY-MM` → the month after it, as the upper bound of a created_at range. */
function nextMonth(month: string): string {
  const [year = 0, number = 0] = month.split('-').map(Number);
  return number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`;
}

/**
 * The archive of active articles by month of publication, as the sitemap reads it (decision 074):
 * which files exist comes from the maintained month figures, and each file is one range of the
 * (status, created_at, id) index, so neither reads more of the news table than it lists.
 */
export class NewsArchive {
  private readonly figures: NewsFigures;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {
    this.figures = new NewsFigures(db);
  }

  /** Every file, oldest month first; a month of more than `perFile` articles has several parts. */
  async files(perFile: number): Promise<ArchiveFile[]> {
    const [months, scheduled] = await Promise.all([
      this.figures.months(),
      this.scheduledByMonth(isoNow(this.clock)),
    ]);
    return months.flatMap(({ month, active, changedAt }) =>
      Array.from(
        { length: Math.ceil((active - (scheduled.get(month) ?? 0)) / perFile) },
        (_, index) => ({
          month,
          part: index + 1,
          changedAt,
        }),
      ),
    );
  }

  /**
   * Articles the month figures count that are scheduled for after `now`, by month: a short range
   * of the `(status, created_at)` index, since few articles wait for their time.
   */
  private async scheduledByMonth(now: string): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('news')
      .select(['created_at'])
      .where(isScheduledNews('news', now))
      .execute();
    const months = new Map<string, number>();
    for (const { created_at } of rows) {
      const month = created_at.slice(0, 7);
      months.set(month, (months.get(month) ?? 0) + 1);
    }
    return months;
  }

  /** The public articles of one part of a month, oldest first. */
  async articles(month: string, part: number, perFile: number): Promise<ArchivedArticle[]> {
    const rows = await this.db
      .selectFrom('news')
      .select(['slug', 'updated_at'])
      .where(isPublicNewsPublishedIn('news', isoNow(this.clock), month, nextMonth(month)))
      .orderBy('created_at')
      .orderBy('id')
      .limit(perFile)
      .offset((part - 1) * perFile)
      .execute();
    return rows.map((row) => ({ slug: row.slug, updatedAt: row.updated_at }));
  }

  /**
   * Public articles created at or after `since`, newest first, at most `limit`: one range of the
   * (status, created_at, id) index read from its newest end, whatever the size of the archive.
   */
  async recent(since: string, limit: number): Promise<RecentArticle[]> {
    const rows = await this.db
      .selectFrom('news')
      .select(['slug', 'title', 'created_at'])
      .where(isPublicNews('news', isoNow(this.clock)))
      .where('created_at', '>=', since)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ slug: row.slug, title: row.title, createdAt: row.created_at }));
  }

  /**
   * The people with at least one public article, by slug, each with when the articles their page
   * shows (the newest public ones) last changed: the author pages the sitemap lists (decisions
   * 103, 134). Two short ranges of the bylines' own index per person; it read every byline.
   */
  async authors(): Promise<{ slug: string; changedAt: string | null }[]> {
    const now = isoNow(this.clock);
    const theirs = (eb: ExpressionBuilder<Database, 'admins'>) =>
      eb
        .selectFrom('news_authors as a')
        .whereRef('a.staff_id', '=', 'admins.id')
        .where('a.listed', '=', 1)
        .where('a.created_at', '<=', now);
    const rows = await this.db
      .selectFrom('admins')
      .select((eb) => [
        'admins.slug',
        eb
          .selectFrom('news as m')
          .select((inner) => inner.fn.max('m.updated_at').as('changed_at'))
          .where(
            'm.id',
            'in',
            theirs(eb)
              .select('a.news_id')
              .orderBy('a.created_at', 'desc')
              .orderBy('a.news_id', 'desc')
              .limit(PAGE_SIZE.authorNews),
          )
          .as('changed_at'),
      ])
      .where('admins.verified', '=', 1)
      .where((eb) => eb.exists(theirs(eb).select('a.news_id')))
      .orderBy('admins.slug')
      .execute();
    return rows.map((row) => ({ slug: row.slug, changedAt: row.changed_at ?? null }));
  }

  /** When categories or sub-categories last changed: the pages file's lastmod. */
  async taxonomyChangedAt(): Promise<string | null> {
    const [categories, subcategories] = await Promise.all(
      (['categories', 'subcategories'] as const).map((table) =>
        this.db
          .selectFrom(table)
          .select((eb) => eb.fn.max('updated_at').as('latest'))
          .executeTakeFirst(),
      ),
    );
    const latest = [categories?.latest, subcategories?.latest].filter(
      (value): value is string => typeof value === 'string',
    );
    return latest.sort().at(-1) ?? null;
  }
}
