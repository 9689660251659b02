import type { Kysely } from 'kysely';
import {
  articleAccess,
  choosesAuthors,
  type ArticleState,
  type StaffRef,
} from '@newsroom/contract';
import type { Actor } from '../domain/actor.ts';
import type { Database } from '../db/schema.ts';
import { DomainError } from '../domain/errors.ts';
import { stageOf } from '../desk/stages.ts';
import { activeStaffIds } from '../db/active-staff.ts';

/*
 * Who may write which article (decision 099): the role table's finer rules, checked inside the
 * write's transaction on the article as it stands, before anything is written. A refusal is a
 * 403 and changes nothing.
 */

/**
 * Whether `actor` may edit the article as it stands now (its stage, decision 106); null when
 * there is no such article.
 */
export async function mayEditArticle(
  db: Kysely<Database>,
  newsId: string,
  actor: Actor,
  now: string,
): Promise<boolean | null> {
  const row = await db
    .selectFrom('news')
    .select(['draft', 'created_at', 'stage'])
    .where('id', '=', newsId)
    .executeTakeFirst();
  if (!row) return null;
  const own = (await authorIdsOf(db, newsId)).includes(actor.id);
  return articleAccess(actor.role, own, stageOf(row, now)).edit;
}

/** The article's authors' ids, in byline order. */
export async function authorIdsOf(db: Kysely<Database>, newsId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('news_authors')
    .select('staff_id')
    .where('news_id', '=', newsId)
    .orderBy('position')
    .execute();
  return rows.map((row) => row.staff_id);
}

/** The authors of each of `newsIds`, in byline order (none: an empty list). */
export async function authorsOf(
  db: Kysely<Database>,
  newsIds: readonly string[],
): Promise<Map<string, StaffRef[]>> {
  const authors = new Map<string, StaffRef[]>(newsIds.map((id) => [id, []]));
  if (newsIds.length === 0) return authors;
  const rows = await db
    .selectFrom('news_authors')
    .innerJoin('admins', 'admins.id', 'news_authors.staff_id')
    .select(['news_authors.news_id', 'admins.id', 'admins.name', 'admins.slug'])
    .where('news_authors.news_id', 'in', newsIds)
    .orderBy('news_authors.news_id')
    .orderBy('news_authors.position')
    .execute();
  for (const row of rows) {
    authors.get(row.news_id)?.push({ _id: row.id, name: row.name, slug: row.slug });
  }
  return authors;
}

/** Makes `staffIds` the article's authors, in that order. */
export async function setAuthors(db: Kysely<Database>, newsId: string, staffIds: string[]) {
  await db.deleteFrom('news_authors').where('news_id', '=', newsId).execute();
  if (staffIds.length === 0) return;
  await db
    .insertInto('news_authors')
    .values(staffIds.map((staffId, position) => ({ news_id: newsId, staff_id: staffId, position })))
    .execute();
}

/**
 * The authors a write names, checked against the staff (decision 103): each must be an active
 * member of the staff, else a 400 naming the first that is not.
 */
export async function assertStaffAuthors(db: Kysely<Database>, staffIds: readonly string[]) {
  const found = await activeStaffIds(db, staffIds);
  const missing = staffIds.find((id) => !found.has(id));
  if (missing !== undefined) {
    throw new DomainError(
      'BAD_REQUEST',
      `authorIds: no active member of the staff has the id "${missing}"`,
    );
  }
}

const refuse = (message: string) => new DomainError('FORBIDDEN', message);

/**
 * A write naming `chosen` as the article's authors where they are `current` (on a create, the
 * person alone): editors and admins name anyone; an author or a contributor may only send the
 * authors as they are (decision 103).
 */
export function assertMayChooseAuthors(
  actor: Actor,
  chosen: readonly string[],
  current: readonly string[],
) {
  if (choosesAuthors(actor.role)) return;
  const same = chosen.length === current.length && chosen.every((id, i) => id === current[i]);
  if (!same) throw refuse('Only an editor or an admin may choose an article’s authors');
}

/** A deletion of an article in `state`. */
export function assertMayDelete(actor: Actor, own: boolean, state: ArticleState) {
  if (articleAccess(actor.role, own, state).delete) return;
  if (!own && actor.role !== 'admin' && actor.role !== 'editor') {
    throw refuse('Your role may only delete articles you are an author of');
  }
  throw refuse(
    actor.role === 'contributor'
      ? 'Your role may only delete your own drafts'
      : 'Your role may not delete a published article: ask an editor to',
  );
}
