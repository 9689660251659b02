import { sql, type Kysely, type Migration } from 'kysely';
import { PENDING_IMAGE_PREDICATE } from '../media/image-keys.ts';
import { dialectOf } from '../db/news-figures-triggers.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not as it is typed now */
type AnyDb = Kysely<any>;
/* eslint-enable @typescript-eslint/no-explicit-any */

/**
 * 0008_pending_images (decision 083): a partial index of the articles whose image still has its
 * pending name (media/image-keys.ts), newest first. The variant maker reads it at start to make
 * what a crash or an upload from before variants left undone; it holds only those rows, so the
 * scan costs nothing once every image has its variants. And an index of image keys, so the media
 * sweep (decision 060) asks whether a stored file is referenced with one probe per key. On
 * PostgreSQL, statistics that tell the planner a sub-category belongs to one category: without
 * them it takes a category + sub-category filter for a handful of rows and sorts every match
 * (40 ms at a million articles) instead of walking the sub-category's index newest first.
 */
export const pendingImageMigration: Migration = {
  async up(db: AnyDb) {
    await sql
      .raw(
        `create index news_pending_image_idx on news (created_at desc, id desc) where ${PENDING_IMAGE_PREDICATE}`,
      )
      .execute(db);
    await db.schema.createIndex('news_image_key_idx').on('news').column('image_key').execute();
    if (dialectOf(db) === 'postgres') {
      await sql`create statistics news_category_sub_deps (dependencies) on category_id, sub_category_id from news`.execute(
        db,
      );
      await sql`analyze news`.execute(db);
    }
  },
  async down(db: AnyDb) {
    if (dialectOf(db) === 'postgres') await sql`drop statistics news_category_sub_deps`.execute(db);
    await db.schema.dropIndex('news_image_key_idx').execute();
    await db.schema.dropIndex('news_pending_image_idx').execute();
  },
};
