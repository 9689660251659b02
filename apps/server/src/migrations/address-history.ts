import type { Kysely, Migration } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not as it is typed now */
type AnyDb = Kysely<any>;
/* eslint-enable @typescript-eslint/no-explicit-any */

/**
 * 0006_address_history: what became of the public addresses that no longer lead to a page
 * (decision 084). Every lookup is one probe of a primary key; the second indexes serve the
 * writes that list an article's or a sub-category's former addresses, and the cascades.
 */
export const addressHistoryMigration: Migration = {
  async up(db: AnyDb) {
    // A former slug of a live article: its page redirects to the article's current slug.
    await db.schema
      .createTable('news_slug_history')
      .addColumn('slug', 'text', (c) => c.primaryKey())
      .addColumn('news_id', 'text', (c) => c.notNull().references('news.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('news_slug_history_news_idx')
      .on('news_slug_history')
      .column('news_id')
      .execute();

    // A slug whose article was deleted: its page answers 410 until another article takes it.
    await db.schema
      .createTable('deleted_slugs')
      .addColumn('slug', 'text', (c) => c.primaryKey())
      .addColumn('deleted_at', 'text', (c) => c.notNull())
      .execute();

    // A former path segment (toPathSegment of an old name) of a category.
    await db.schema
      .createTable('category_name_history')
      .addColumn('segment', 'text', (c) => c.primaryKey())
      .addColumn('category_id', 'text', (c) =>
        c.notNull().references('categories.id').onDelete('cascade'),
      )
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('category_name_history_category_idx')
      .on('category_name_history')
      .column('category_id')
      .execute();

    // A former segment of a sub-category under a category (its parent then, or now).
    await db.schema
      .createTable('subcategory_name_history')
      .addColumn('category_id', 'text', (c) =>
        c.notNull().references('categories.id').onDelete('cascade'),
      )
      .addColumn('segment', 'text', (c) => c.notNull())
      .addColumn('subcategory_id', 'text', (c) =>
        c.notNull().references('subcategories.id').onDelete('cascade'),
      )
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('subcategory_name_history_pk', ['category_id', 'segment'])
      .execute();
    await db.schema
      .createIndex('subcategory_name_history_sub_idx')
      .on('subcategory_name_history')
      .column('subcategory_id')
      .execute();
  },

  async down(db: AnyDb) {
    for (const table of [
      'subcategory_name_history',
      'category_name_history',
      'deleted_slugs',
      'news_slug_history',
    ]) {
      await db.schema.dropTable(table).execute();
    }
  },
};
