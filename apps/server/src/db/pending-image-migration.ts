import { sql, type Kysely, type Migration } from 'kysely';
import { PENDING_IMAGE_PREDICATE } from '../news/image-keys.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not as it is typed now */
type AnyDb = Kysely<any>;
/* eslint-enable @typescript-eslint/no-explicit-any */

/**
 * 0008_pending_images (decision 083): a partial index of the articles whose image still has its
 * pending name (news/image-keys.ts), newest first. The variant maker reads it at start to make
 * what a crash or an upload from before variants left undone; it holds only those rows, so the
 * scan costs nothing once every image has its variants. And an index of image keys, so the media
 * sweep (decision 060) asks whether a stored file is referenced with one probe per key.
 */
export const pendingImageMigration: Migration = {
  async up(db: AnyDb) {
    await sql
      .raw(
        `create index news_pending_image_idx on news (created_at desc, id desc) where ${PENDING_IMAGE_PREDICATE}`,
      )
      .execute(db);
    await db.schema.createIndex('news_image_key_idx').on('news').column('image_key').execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropIndex('news_image_key_idx').execute();
    await db.schema.dropIndex('news_pending_image_idx').execute();
  },
};
