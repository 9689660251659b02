import type { Kysely } from 'kysely';
import { POPULAR_NEWS_COUNT, type DashboardCards, type PopularNewsDto } from '@newsroom/contract';
import type { Database } from '../db/schema.ts';
import { NewsFigures } from '../news/figures.ts';

/** Totals and the most read news for the back office's first screen. */
export class DashboardService {
  private readonly figures: NewsFigures;

  constructor(private readonly db: Kysely<Database>) {
    this.figures = new NewsFigures(db);
  }

  async cards(): Promise<DashboardCards> {
    // News and views come from the maintained figures (decision 073), never a count over news.
    const [news, publishers, anchors] = await Promise.all([
      this.figures.totals(),
      this.db
        .selectFrom('publishers')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom('anchors')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow(),
    ]);
    return {
      totalNews: news.news,
      totalPublishers: Number(publishers.count),
      totalAnchors: Number(anchors.count),
      totalViews: Number(news.views),
    };
  }

  async popularNews(): Promise<PopularNewsDto[]> {
    const rows = await this.db
      .selectFrom('news as n')
      .leftJoin('categories as c', 'c.id', 'n.category_id')
      .leftJoin('publishers as p', 'p.id', 'n.publisher_id')
      .select([
        'n.id',
        'n.title',
        'n.slug',
        'n.views',
        'n.updated_at',
        'c.name as category_name',
        'p.name as publisher_name',
      ])
      .orderBy('n.views', 'desc')
      .orderBy('n.updated_at', 'desc')
      .limit(POPULAR_NEWS_COUNT)
      .execute();
    return rows.map((row) => ({
      _id: row.id,
      title: row.title,
      slug: row.slug,
      category: row.category_name === null ? null : { name: row.category_name },
      publisher: row.publisher_name === null ? null : { name: row.publisher_name },
      views: Number(row.views),
      updatedAt: row.updated_at,
    }));
  }
}
