import { sql, type CreateTableBuilder, type Kysely, type Migration } from 'kysely';
import { dialectOf } from '../db/news-figures-triggers.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not as it is typed now */
type AnyDb = Kysely<any>;
/* eslint-enable @typescript-eslint/no-explicit-any */

/**
 * 0021_analytics (decision 119): page views as daily totals, never as events. Days are dates in
 * SITE_TIME_ZONE (`YYYY-MM-DD`), so a range of days is a range of keys. No table holds an
 * address, a user agent or anything that tells readers apart. No reference to `news` or
 * `categories`: a deleted article's or section's days stay part of the site's totals.
 */
export const analyticsMigration: Migration = {
  async up(db: AnyDb) {
    // On SQLite each table is kept in the order of its key (WITHOUT ROWID): a range of days, or
    // of an article's days, is one contiguous read that holds the views too.
    const clustered = <T extends string>(table: CreateTableBuilder<T>) =>
      dialectOf(db) === 'sqlite' ? table.modifyEnd(sql`without rowid`) : table;
    // The site's views per day: the chart of the dashboard, one row a day.
    await db.schema
      .createTable('analytics_site_days')
      .addColumn('day', 'text', (c) => c.primaryKey())
      .addColumn('views', 'integer', (c) => c.notNull())
      .$call(clustered)
      .execute();
    // Per section (category) per day: the top sections of a period, a few rows a day.
    await db.schema
      .createTable('analytics_section_days')
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('category_id', 'text', (c) => c.notNull())
      .addColumn('views', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('analytics_section_days_pk', ['day', 'category_id'])
      .$call(clustered)
      .execute();
    // Per article per day, only for articles viewed that day: an article's chart is one range
    // of its key.
    await db.schema
      .createTable('analytics_article_days')
      .addColumn('news_id', 'text', (c) => c.notNull())
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('views', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('analytics_article_days_pk', ['news_id', 'day'])
      .$call(clustered)
      .execute();
    // The most read articles of each day (at most 50 a day, kept as views are written): the
    // candidates of a period's top articles, without reading every article's days.
    await db.schema
      .createTable('analytics_day_top')
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('news_id', 'text', (c) => c.notNull())
      .addColumn('views', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('analytics_day_top_pk', ['day', 'news_id'])
      .$call(clustered)
      .execute();
    if (dialectOf(db) === 'postgres') {
      // A period's lists are read from the index alone (SQLite's table is its key already).
      await sql`create index analytics_day_top_day_idx on analytics_day_top (day)
        include (news_id, views)`.execute(db);
    }
    // Per external referrer host per day, a bounded number of hosts a day (the rest as one row).
    await db.schema
      .createTable('analytics_referrer_days')
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('host', 'text', (c) => c.notNull())
      .addColumn('views', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('analytics_referrer_days_pk', ['day', 'host'])
      .$call(clustered)
      .execute();
  },

  async down(db: AnyDb) {
    for (const table of [
      'analytics_referrer_days',
      'analytics_day_top',
      'analytics_article_days',
      'analytics_section_days',
      'analytics_site_days',
    ]) {
      await db.schema.dropTable(table).execute();
    }
  },
};
