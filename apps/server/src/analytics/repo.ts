import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Rows a day's top list keeps: the candidates of a period's top articles (decision 119). */
export const DAY_TOP_SIZE = 50;
/** Candidates whose exact totals are read for a period's top articles. */
const CANDIDATES = 50;

export interface DayTotal {
  day: string;
  views: number;
}

const asNumber = (value: number | string | bigint | null) => Number(value ?? 0);

/** The analytics tables (migrations/analytics.ts): daily totals added to, and read by period. */
export class AnalyticsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  // Writes: each adds to the day's rows, one statement for many rows.

  async addSite(day: string, views: number): Promise<void> {
    await this.db
      .insertInto('analytics_site_days')
      .values({ day, views })
      .onConflict((oc) =>
        oc.column('day').doUpdateSet({ views: sql`analytics_site_days.views + excluded.views` }),
      )
      .execute();
  }

  async addSections(day: string, counts: Array<[string, number]>): Promise<void> {
    await this.db
      .insertInto('analytics_section_days')
      .values(counts.map(([category_id, views]) => ({ day, category_id, views })))
      .onConflict((oc) =>
        oc
          .columns(['day', 'category_id'])
          .doUpdateSet({ views: sql`analytics_section_days.views + excluded.views` }),
      )
      .execute();
  }

  async addReferrers(day: string, counts: Array<[string, number]>): Promise<void> {
    await this.db
      .insertInto('analytics_referrer_days')
      .values(counts.map(([host, views]) => ({ day, host, views })))
      .onConflict((oc) =>
        oc
          .columns(['day', 'host'])
          .doUpdateSet({ views: sql`analytics_referrer_days.views + excluded.views` }),
      )
      .execute();
  }

  /** The hosts a day holds already (at most `limit`). */
  async referrerHosts(day: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('analytics_referrer_days')
      .select('host')
      .where('day', '=', day)
      .limit(limit)
      .execute();
    return rows.map((row) => row.host);
  }

  /**
   * Adds to articles' views of a day, then keeps the day's top list: each of them whose total
   * now reaches it goes in (or is updated there), and the list is cut back to its size.
   */
  async addArticles(day: string, counts: Array<[string, number]>): Promise<void> {
    const ids = counts.map(([id]) => id);
    await this.db
      .insertInto('analytics_article_days')
      .values(counts.map(([news_id, views]) => ({ news_id, day, views })))
      .onConflict((oc) =>
        oc
          .columns(['news_id', 'day'])
          .doUpdateSet({ views: sql`analytics_article_days.views + excluded.views` }),
      )
      .execute();
    const top = this.db.selectFrom('analytics_day_top').where('day', '=', day);
    await this.db
      .insertInto('analytics_day_top')
      .columns(['day', 'news_id', 'views'])
      .expression(
        this.db
          .selectFrom('analytics_article_days as a')
          .select(['a.day', 'a.news_id', 'a.views'])
          .where('a.news_id', 'in', ids)
          .where('a.day', '=', day)
          .where((eb) =>
            eb.or([
              eb(
                top.select((t) => t.fn.countAll().as('n')),
                '<',
                DAY_TOP_SIZE,
              ),
              eb('a.views', '>', top.select(sql<number>`coalesce(min(views), 0)`.as('least'))),
            ]),
          ),
      )
      .onConflict((oc) =>
        oc.columns(['day', 'news_id']).doUpdateSet({ views: sql`excluded.views` }),
      )
      .execute();
    await this.db
      .deleteFrom('analytics_day_top')
      .where('day', '=', day)
      .where(
        'news_id',
        'not in',
        top.select('news_id').orderBy('views', 'desc').orderBy('news_id').limit(DAY_TOP_SIZE),
      )
      .execute();
  }

  // Reads: a range of days, by key.

  async siteDays(from: string, to: string): Promise<DayTotal[]> {
    const rows = await this.db
      .selectFrom('analytics_site_days')
      .select(['day', 'views'])
      .where('day', '>=', from)
      .where('day', '<=', to)
      .execute();
    return rows.map((row) => ({ day: row.day, views: asNumber(row.views) }));
  }

  async articleDays(newsId: string, from: string, to: string): Promise<DayTotal[]> {
    const rows = await this.db
      .selectFrom('analytics_article_days')
      .select(['day', 'views'])
      .where('news_id', '=', newsId)
      .where('day', '>=', from)
      .where('day', '<=', to)
      .execute();
    return rows.map((row) => ({ day: row.day, views: asNumber(row.views) }));
  }

  /** The sections read most over the days, by name (a removed section drops out). */
  async topSections(from: string, to: string, limit: number) {
    const rows = await this.db
      .selectFrom('analytics_section_days as s')
      .innerJoin('categories as c', 'c.id', 's.category_id')
      .select(['c.name', (eb) => eb.fn.sum<number | string>('s.views').as('views')])
      .where('s.day', '>=', from)
      .where('s.day', '<=', to)
      .groupBy(['c.id', 'c.name'])
      .orderBy('views', 'desc')
      .orderBy('c.name')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ name: row.name, views: asNumber(row.views) }));
  }

  async topReferrers(from: string, to: string, limit: number) {
    const rows = await this.db
      .selectFrom('analytics_referrer_days')
      .select(['host', (eb) => eb.fn.sum<number | string>('views').as('views')])
      .where('day', '>=', from)
      .where('day', '<=', to)
      .groupBy('host')
      .orderBy('views', 'desc')
      .orderBy('host')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ host: row.host, views: asNumber(row.views) }));
  }

  /**
   * The articles read most over the days, in one statement: the candidates are those most read
   * in the days' top lists, then their exact totals over the days are read by key (decision
   * 119). A deleted article drops out.
   */
  async topArticles(from: string, to: string, limit: number) {
    const rows = await this.db
      .with('candidates', (db) =>
        db
          .selectFrom('analytics_day_top')
          .select('news_id')
          .where('day', '>=', from)
          .where('day', '<=', to)
          .groupBy('news_id')
          // Ties at the edge are broken by the exact totals below.
          .orderBy((eb) => eb.fn.sum('views'), 'desc')
          .limit(CANDIDATES),
      )
      .selectFrom('candidates as c')
      .innerJoin('analytics_article_days as a', 'a.news_id', 'c.news_id')
      .innerJoin('news as n', 'n.id', 'c.news_id')
      .select(['n.id', 'n.title', (eb) => eb.fn.sum<number | string>('a.views').as('views')])
      .where('a.day', '>=', from)
      .where('a.day', '<=', to)
      .groupBy(['n.id', 'n.title'])
      .orderBy('views', 'desc')
      .orderBy('n.id')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ _id: row.id, title: row.title, views: asNumber(row.views) }));
  }
}
