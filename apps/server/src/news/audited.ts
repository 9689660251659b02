import { sql, type Kysely, type Selectable } from 'kysely';
import { STAGE_NAMES, type AuditChange } from '@newsroom/contract';
import { changesBetween, summary, type AuditedFields } from '../audit/record.ts';
import type { Database, NewsTable } from '../db/schema.ts';
import { stageOf } from '../desk/service.ts';
import type { SavedColumns } from '../revisions/snapshot.ts';
import type { NewsRowWithNames } from './repo.ts';

/**
 * The columns of an article its audit entries show: those a revision keeps, its search text and
 * its desk stage.
 */
export type AuditedColumns = SavedColumns &
  Pick<Selectable<NewsTable>, 'body_text' | 'stage'> &
  Partial<Pick<Selectable<NewsTable>, 'assignee_id' | 'due_at'>>;

/**
 * An article as a write found or left it, from what the write holds already: its columns, its
 * authors' ids in byline order, and the time at which to judge where it stands.
 */
export interface NewsState {
  columns: AuditedColumns;
  authorIds: readonly string[];
  at: string;
  /** Names the write has read already (`namesKnown`): those are not read again. */
  names?: Map<string, string>;
}

/** The names a row read with its names and authors holds, keyed as `newsChanges` reads them. */
export function namesKnown(row: NewsRowWithNames): Map<string, string> {
  const names = new Map<string, string>();
  const add = (source: string, id: string | null, name: string | null) => {
    if (id !== null && name !== null) names.set(`${source}:${id}`, name);
  };
  add('category', row.category_id, row.category_name);
  add('subcategory', row.sub_category_id, row.subcategory_name);
  add('publisher', row.publisher_id, row.publisher_name);
  add('anchor', row.anchor_id, row.anchor_name);
  for (const author of row.authors) add('staff', author._id, author.name);
  return names;
}

/**
 * What a write changed, field by field in words (decision 105): names instead of ids (read in
 * one statement for both states), the body as its text (marked when only its formatting
 * changed), where it stands instead of flags. A creation has no `before`, a removal no `after`.
 */
export async function newsChanges(
  db: Kysely<Database>,
  before: NewsState | null,
  after: NewsState | null,
): Promise<AuditChange[]> {
  const names = await namesOf(db, [before, after]);
  const fieldsOf = (state: NewsState | null) => (state ? auditedFields(state, names) : null);
  const changes = changesBetween(fieldsOf(before), fieldsOf(after));
  if (
    before &&
    after &&
    before.columns.description !== after.columns.description &&
    !changes.some((change) => change.field === 'body')
  ) {
    const text = summary(after.columns.body_text);
    changes.push({ field: 'body', before: text, after: `${text} (formatting changed)` });
  }
  return changes;
}

function auditedFields(state: NewsState, names: Map<string, string>): AuditedFields {
  const { columns: row } = state;
  const name = (source: string, id: string | null) =>
    id === null ? null : (names.get(`${source}:${id}`) ?? id);
  // Where it stands (decision 106): its desk stage while unpublished, else when it goes out.
  const where = stageOf(row, state.at);
  return {
    title: row.title,
    slug: row.slug,
    metaDescription: row.meta_description,
    body: row.body_text,
    tags: tagsOf(row.tags),
    category: name('category', row.category_id),
    subCategory: name('subcategory', row.sub_category_id),
    publisher: name('publisher', row.publisher_id),
    anchor: name('anchor', row.anchor_id),
    image: row.image_key,
    alt: row.alt,
    videoURL: row.video_url,
    status: row.status === 1 ? 'active' : 'inactive',
    publication:
      where === 'scheduled'
        ? `scheduled for ${row.created_at}`
        : where === 'published'
          ? `published ${row.created_at}`
          : STAGE_NAMES[where].toLowerCase(),
    authors: state.authorIds.map((id) => name('staff', id)).join(', '),
    // The desk (decision 106): who it is assigned to, when it is due.
    assignee: name('staff', row.assignee_id ?? null),
    due: row.due_at ?? null,
  };
}

/**
 * The names of every category, sub-category, publisher, anchor and author the states name (keys
 * `source:id`): those the write has not read already in one statement (a join of them all costs
 * PostgreSQL milliseconds to plan).
 */
async function namesOf(
  db: Kysely<Database>,
  states: (NewsState | null)[],
): Promise<Map<string, string>> {
  const known = new Map<string, string>();
  for (const state of states) for (const [key, name] of state?.names ?? []) known.set(key, name);
  const ids = {
    category: new Set<string>(),
    subcategory: new Set<string>(),
    publisher: new Set<string>(),
    anchor: new Set<string>(),
    staff: new Set<string>(),
  };
  for (const state of states) {
    if (!state) continue;
    const { columns } = state;
    const add = (source: keyof typeof ids, id: string | null | undefined) => {
      if (id && !known.has(`${source}:${id}`)) ids[source].add(id);
    };
    add('category', columns.category_id);
    add('subcategory', columns.sub_category_id);
    add('publisher', columns.publisher_id);
    add('anchor', columns.anchor_id);
    for (const id of state.authorIds) add('staff', id);
    add('staff', columns.assignee_id);
  }
  const tables = {
    category: sql.table('categories'),
    subcategory: sql.table('subcategories'),
    publisher: sql.table('publishers'),
    anchor: sql.table('anchors'),
    staff: sql.table('admins'),
  };
  const selects = (Object.keys(ids) as (keyof typeof ids)[])
    .filter((source) => ids[source].size > 0)
    .map(
      (source) =>
        sql`select ${sql.lit(source)} as source, id, name from ${tables[source]}
          where id in (${sql.join([...ids[source]])})`,
    );
  if (selects.length === 0) return known;
  const { rows } = await sql<{ source: string; id: string; name: string }>`${sql.join(
    selects,
    sql` union all `,
  )}`.execute(db);
  for (const row of rows) known.set(`${row.source}:${row.id}`, row.name);
  return known;
}

function tagsOf(json: string): string {
  const tags = JSON.parse(json) as unknown;
  return Array.isArray(tags) ? tags.filter((tag) => typeof tag === 'string').join(', ') : '';
}
