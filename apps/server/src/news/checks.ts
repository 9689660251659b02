import type { Kysely } from 'kysely';
import {
  LIVE_MESSAGES,
  MEDIA_REQUIRED_MESSAGE,
  type FieldError,
  type NewsFields,
} from '@newsroom/contract';
import type { Database, NewsTable } from '../db/schema.ts';
import { DomainError, validationFailed } from '../domain/errors.ts';
import { lookupKey } from '../domain/lookup-key.ts';
import { searchBodyText } from './body-text.ts';
import type { CheckedImage } from '../media/image.ts';
import type { NewsRow } from './repo.ts';
import { sanitizeDescription } from '../domain/rich-text.ts';

/** What an update may add to the fields of a create. */
export type NewsUpdate = NewsFields & { removeImage?: boolean };

/** The columns a create or update writes, but the image and the timestamps. */
export type NewsValues = Omit<
  NewsTable,
  | 'id'
  | 'views'
  | 'image_key'
  | 'draft'
  | 'created_at'
  | 'updated_at'
  | 'stage'
  | 'version'
  | 'updated_by'
  | 'assignee_id'
  | 'due_at'
  | 'live'
  | 'live_ended_at'
  | 'live_seq'
>;

/**
 * The columns of a write from its fields, with the description sanitised. Pure work, done before
 * the write's transaction so the database is never held while HTML is cleaned.
 */
export function newsValues(fields: NewsFields): NewsValues {
  const description = sanitizeDescription(fields.description);
  if (!description) {
    throw validationFailed([{ path: 'description', message: 'Description is required' }]);
  }
  return {
    title: fields.title,
    slug: lookupKey(fields.slug),
    meta_description: fields.metaDescription,
    description,
    body_text: searchBodyText(description),
    tags: JSON.stringify(fields.tags),
    category_id: fields.categoryId,
    sub_category_id: fields.subCategoryId,
    publisher_id: fields.publisherId,
    anchor_id: fields.anchorId,
    alt: fields.alt,
    video_url: fields.videoURL,
    status: fields.status ? 1 : 0,
  };
}

/**
 * The live coverage columns of a write (decision 115): `live` and `liveEndedAt` as sent, else as
 * they were. An article that is not live has no coverage to end; an end cannot lie ahead.
 */
export function liveColumns(
  fields: Pick<NewsFields, 'live' | 'liveEndedAt'>,
  existing: Pick<NewsRow, 'live' | 'live_ended_at'> | null,
  now: string,
): { live: number; live_ended_at: string | null } {
  const live = fields.live ?? Number(existing?.live ?? 0) === 1;
  const endedAt =
    fields.liveEndedAt !== undefined ? fields.liveEndedAt : (existing?.live_ended_at ?? null);
  if (fields.liveEndedAt && !live) {
    throw validationFailed([{ path: 'liveEndedAt', message: LIVE_MESSAGES.endedWithoutLive }]);
  }
  if (fields.liveEndedAt && fields.liveEndedAt > now) {
    throw validationFailed([{ path: 'liveEndedAt', message: LIVE_MESSAGES.endedAhead }]);
  }
  return { live: live ? 1 : 0, live_ended_at: live ? endedAt : null };
}

/** Whether a write ends coverage that went on: it takes a number of the article's live changes. */
export function endsCoverage(
  before: Pick<NewsRow, 'live_ended_at'> | null,
  after: { live: number; live_ended_at: string | null },
): boolean {
  return after.live === 1 && after.live_ended_at !== null && !before?.live_ended_at;
}

/**
 * The rules a news write must pass against the database (media, references, a free slug), run
 * inside the write's own transaction so nothing changes between the checks and the row.
 */
export class NewsWriteChecks {
  constructor(private readonly db: Kysely<Database>) {}

  async assert(
    fields: NewsUpdate,
    image: CheckedImage | null,
    existing: NewsRow | null,
  ): Promise<void> {
    const keepsImage = Boolean(existing?.image_key) && !fields.removeImage;
    if (!image && !keepsImage && !fields.videoURL) {
      throw validationFailed([{ path: 'image', message: MEDIA_REQUIRED_MESSAGE }]);
    }
    // What the row names already is known to hold: its references are kept by foreign keys (a
    // sub-category moved takes its articles along), its slug is its own.
    if (!existing || !sameReferences(fields, existing)) await this.assertReferences(fields);
    const slug = lookupKey(fields.slug);
    if (slug !== existing?.slug) await this.assertSlugFree(slug, existing?.id);
  }

  private async assertReferences(fields: NewsFields) {
    const find = (table: 'categories' | 'publishers' | 'anchors', id: string | null) =>
      id ? this.db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst() : null;
    const [category, publisher, anchor, sub] = await Promise.all([
      find('categories', fields.categoryId),
      find('publishers', fields.publisherId),
      find('anchors', fields.anchorId),
      fields.subCategoryId
        ? this.db
            .selectFrom('subcategories')
            .select(['id', 'category_id'])
            .where('id', '=', fields.subCategoryId)
            .executeTakeFirst()
        : null,
    ]);
    const errors: FieldError[] = [];
    if (!category) errors.push({ path: 'categoryId', message: 'Selected category does not exist' });
    if (fields.subCategoryId && !sub) {
      errors.push({ path: 'subCategoryId', message: 'Selected sub-category does not exist' });
    } else if (sub && sub.category_id !== fields.categoryId) {
      errors.push({
        path: 'subCategoryId',
        message: 'Selected sub-category does not belong to the selected category',
      });
    }
    if (!publisher)
      errors.push({ path: 'publisherId', message: 'Selected publisher does not exist' });
    if (fields.anchorId && !anchor) {
      errors.push({ path: 'anchorId', message: 'Selected anchor does not exist' });
    }
    if (errors.length > 0) throw validationFailed(errors);
  }

  private async assertSlugFree(slug: string, exceptId?: string) {
    const same = await this.db
      .selectFrom('news')
      .select('id')
      .where('slug', '=', slug)
      .executeTakeFirst();
    if (same && same.id !== exceptId) throw slugTaken(slug);
  }
}

/** Whether a write names the category, sub-category, publisher and anchor the row names. */
function sameReferences(fields: NewsFields, row: NewsRow): boolean {
  return (
    fields.categoryId === row.category_id &&
    (fields.subCategoryId ?? null) === row.sub_category_id &&
    fields.publisherId === row.publisher_id &&
    (fields.anchorId ?? null) === row.anchor_id
  );
}

export const slugTaken = (slug: string) =>
  new DomainError(
    'SLUG_TAKEN',
    `A news article with the slug "${slug}" already exists; choose another slug`,
  );
