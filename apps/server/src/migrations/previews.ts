import type { Kysely, Migration } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not as it is typed now */
type AnyDb = Kysely<any>;
/* eslint-enable @typescript-eslint/no-explicit-any */

/**
 * 0018_previews (decision 113): preview links of unpublished articles. Only the hash of a link's
 * token is kept; a link works until it expires or is revoked, and goes with its article.
 */
export const previewsMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('news_previews')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('news_id', 'text', (c) => c.notNull().references('news.id').onDelete('cascade'))
      // A revision of the article (revisions/); null: the article as saved when the link is opened.
      .addColumn('revision_id', 'text')
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('created_by', 'text', (c) => c.references('admins.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('revoked_at', 'text')
      .execute();
    // An article's live links: one range of its rows by expiry.
    await db.schema
      .createIndex('news_previews_news_idx')
      .on('news_previews')
      .columns(['news_id', 'expires_at'])
      .execute();
  },

  async down(db: AnyDb) {
    await db.schema.dropTable('news_previews').execute();
  },
};
