import type { Selectable } from 'kysely';
import type { NewsTable } from '../db/schema.ts';

/**
 * Every field of an article a revision keeps besides its body (decision 108), as the JSON of the
 * revision's `fields` column: ids, which are named when the revision is read.
 */
export interface SavedFields {
  title: string;
  slug: string;
  metaDescription: string;
  tags: string[];
  categoryId: string;
  subCategoryId: string | null;
  publisherId: string;
  anchorId: string | null;
  imageKey: string | null;
  alt: string;
  videoURL: string;
  status: boolean;
  draft: boolean;
  publishedAt: string;
  authorIds: string[];
}

/** A whole article as a revision holds it: its fields and its body. */
export interface Snapshot {
  fields: SavedFields;
  description: string;
}

/** The columns of an article a revision keeps. */
export type SavedColumns = Pick<
  Selectable<NewsTable>,
  | 'title'
  | 'slug'
  | 'meta_description'
  | 'description'
  | 'tags'
  | 'category_id'
  | 'sub_category_id'
  | 'publisher_id'
  | 'anchor_id'
  | 'image_key'
  | 'alt'
  | 'video_url'
  | 'status'
  | 'draft'
  | 'created_at'
>;

/** The snapshot of an article from its row and its authors' ids. */
export function snapshotOf(row: SavedColumns, authorIds: string[]): Snapshot {
  return {
    fields: {
      title: row.title,
      slug: row.slug,
      metaDescription: row.meta_description,
      tags: tagsOf(row.tags),
      categoryId: row.category_id,
      subCategoryId: row.sub_category_id,
      publisherId: row.publisher_id,
      anchorId: row.anchor_id,
      imageKey: row.image_key,
      alt: row.alt,
      videoURL: row.video_url,
      status: row.status === 1,
      draft: row.draft === 1,
      publishedAt: row.created_at,
      authorIds,
    },
    description: row.description,
  };
}

function tagsOf(json: string): string[] {
  const tags = JSON.parse(json) as unknown;
  return Array.isArray(tags) ? tags.filter((tag): tag is string => typeof tag === 'string') : [];
}
