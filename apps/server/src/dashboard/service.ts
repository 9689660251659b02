import type { Kysely } from 'kysely';
import { POPULAR_NEWS_COUNT, type DashboardCards, type PopularNewsDto } from '@newsroom/contract';
import type { Database } from '../db/schema.ts';

/** Totals and the most read news for the back office's first screen. */
export class DashboardService {
  constructor(private readonly db: Kysely<Database>) {}

  async cards(): Promise<DashboardCards> {
    const [news, publishers, anchors] = await Promise.all([
      this.db
        .selectFrom('news')
        .select((eb) => [
          eb.fn.countAll<number>().as('count'),
          eb.fn.coalesce(eb.fn.sum<number>('views'), eb.lit(0)).as('views'),
        ])
        .executeTakeFirstOrThrow(),
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
      totalNews: Number(news.count),
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
