import type { Kysely } from 'kysely';
import {
  TOP_VIEWED_COUNT,
  type ArticleViews,
  type DayViews,
  type SiteViews,
  type ViewPeriod,
} from '@newsroom/contract';
import type { Database } from '../db/schema.ts';
import type { Clock } from '../domain/clock.ts';
import { DomainError } from '../domain/errors.ts';
import { SiteDays } from './days.ts';
import { AnalyticsRepository, type DayTotal } from './repo.ts';

export interface AnalyticsOptions {
  /** SITE_TIME_ZONE: the zone whose dates the days are. */
  timeZone: string;
  clock: Clock;
}

/** Every day of the period, oldest first, with 0 for a day without views. */
function everyDay(period: string[], totals: DayTotal[]): DayViews[] {
  const byDay = new Map(totals.map((row) => [row.day, row.views]));
  return period.map((date) => ({ date, views: byDay.get(date) ?? 0 }));
}

/**
 * The charts' reads (decision 119): the site's views per day, its most read articles, sections
 * and referrers over a period of days ending today, and one article's views per day.
 */
export class AnalyticsService {
  readonly repo: AnalyticsRepository;
  readonly days: SiteDays;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: AnalyticsOptions,
  ) {
    this.repo = new AnalyticsRepository(db);
    this.days = new SiteDays(options.timeZone);
  }

  private period(days: ViewPeriod): string[] {
    return this.days.period(this.options.clock.now().getTime(), days);
  }

  async site(days: ViewPeriod): Promise<SiteViews> {
    const period = this.period(days);
    const from = period[0] ?? '';
    const to = period[period.length - 1] ?? '';
    const [totals, topArticles, topSections, topReferrers] = await Promise.all([
      this.repo.siteDays(from, to),
      this.repo.topArticles(from, to, TOP_VIEWED_COUNT),
      this.repo.topSections(from, to, TOP_VIEWED_COUNT),
      this.repo.topReferrers(from, to, TOP_VIEWED_COUNT),
    ]);
    return { days: everyDay(period, totals), topArticles, topSections, topReferrers };
  }

  /** An article's views per day; 404 for an unknown article. */
  async article(newsId: string, days: ViewPeriod): Promise<ArticleViews> {
    const period = this.period(days);
    const from = period[0] ?? '';
    const to = period[period.length - 1] ?? '';
    const [article, totals] = await Promise.all([
      this.db.selectFrom('news').select('id').where('id', '=', newsId).executeTakeFirst(),
      this.repo.articleDays(newsId, from, to),
    ]);
    if (!article) throw new DomainError('NOT_FOUND', 'News not found');
    return { days: everyDay(period, totals) };
  }
}
