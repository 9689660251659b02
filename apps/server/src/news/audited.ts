import type { Kysely } from 'kysely';
import type { AuditChange } from '@newsroom/contract';
import { changesBetween, summary, type AuditedFields } from '../audit/record.ts';
import type { Database } from '../db/schema.ts';
import { stateOf } from './access.ts';

/** An article as its audit entries show it, with the rich text's markup kept aside. */
export interface AuditedNews {
  fields: AuditedFields;
  markup: string;
}

/**
 * The article as it stands inside the write's transaction, field by field in words: names
 * instead of ids, the body as its text, where it stands instead of flags (decision 105).
 */
export async function auditedNews(
  db: Kysely<Database>,
  id: string,
  now: string,
): Promise<AuditedNews | null> {
  // One statement: a row per author (in byline order), the article's columns repeated on each.
  const rows = await db
    .selectFrom('news as n')
    .innerJoin('categories as c', 'c.id', 'n.category_id')
    .leftJoin('subcategories as s', 's.id', 'n.sub_category_id')
    .leftJoin('publishers as p', 'p.id', 'n.publisher_id')
    .leftJoin('anchors as a', 'a.id', 'n.anchor_id')
    .leftJoin('news_authors as na', 'na.news_id', 'n.id')
    .leftJoin('admins as author', 'author.id', 'na.staff_id')
    .select(['n.title', 'n.slug', 'n.meta_description', 'n.description', 'n.body_text'])
    .select(['n.tags', 'n.image_key', 'n.alt', 'n.video_url', 'n.status', 'n.draft'])
    .select(['n.created_at', 'c.name as category', 's.name as subcategory'])
    .select(['p.name as publisher', 'a.name as anchor', 'author.name as author'])
    .where('n.id', '=', id)
    .orderBy('na.position')
    .execute();
  const row = rows[0];
  if (!row) return null;
  const authors = rows.flatMap((one) => (one.author === null ? [] : [one.author]));
  const state = stateOf({ draft: row.draft, created_at: row.created_at }, now);
  return {
    markup: row.description,
    fields: {
      title: row.title,
      slug: row.slug,
      metaDescription: row.meta_description,
      body: row.body_text,
      tags: tagsOf(row.tags),
      category: row.category,
      subCategory: row.subcategory,
      publisher: row.publisher,
      anchor: row.anchor,
      image: row.image_key,
      alt: row.alt,
      videoURL: row.video_url,
      status: row.status === 1 ? 'active' : 'inactive',
      publication:
        state === 'draft'
          ? 'draft'
          : state === 'scheduled'
            ? `scheduled for ${row.created_at}`
            : `published ${row.created_at}`,
      authors: authors.join(', '),
    },
  };
}

/**
 * What a write changed: the fields that differ, and the body marked as changed when only its
 * formatting did (its text, which the entry keeps, is the same).
 */
export function newsChanges(before: AuditedNews | null, after: AuditedNews | null): AuditChange[] {
  const changes = changesBetween(before?.fields ?? null, after?.fields ?? null);
  if (
    before &&
    after &&
    before.markup !== after.markup &&
    !changes.some((change) => change.field === 'body')
  ) {
    const text = summary(after.fields.body ?? '');
    changes.push({ field: 'body', before: text, after: `${text} (formatting changed)` });
  }
  return changes;
}

function tagsOf(json: string): string {
  const tags = JSON.parse(json) as unknown;
  return Array.isArray(tags) ? tags.filter((tag) => typeof tag === 'string').join(', ') : '';
}
