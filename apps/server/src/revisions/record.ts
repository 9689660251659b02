import type { Kysely } from 'kysely';
import type { RevisionKind } from '@newsroom/contract';
import { v7 as timeOrderedId } from 'uuid';
import type { Database } from '../db/schema.ts';
import type { Actor } from '../domain/actor.ts';
import { storedBody } from './body-delta.ts';
import { storedFields } from './field-delta.ts';
import { latestRevision } from './repo.ts';
import { snapshotOf, type SavedColumns } from './snapshot.ts';

export interface RevisionFact {
  newsId: string;
  kind: Exclude<RevisionKind, 'autosave'>;
  /** Where the article stands once written. */
  stage: string;
  /** The write's time. */
  at: string;
}

/** The article as a write left it: the row's saved columns and its authors' ids in byline order. */
export interface WrittenArticle {
  row: SavedColumns;
  authorIds: string[];
}

/**
 * Keeps the article as the write inside `trx` left it (`article`, as the write read it back) as
 * its next revision (decision 108), and discards the person's autosave of it: what they were
 * editing is saved now. Call it inside the write's transaction, after the article's row and
 * authors are written.
 */
export async function recordRevision(
  trx: Kysely<Database>,
  actor: Actor,
  fact: RevisionFact,
  article: WrittenArticle,
) {
  const snapshot = snapshotOf(article.row, article.authorIds);
  // The latest revision's number and, unless this one starts a run, the whole of it to compare.
  const latest = await latestRevision(trx, fact.newsId);
  const number = latest.number + 1;
  const before = latest.snapshot;
  const stored = storedBody(snapshot.description, before?.description ?? null);
  await trx
    .insertInto('news_revisions')
    .values(({ selectFrom }) => ({
      // Time-ordered (UUID v7): each revision's key goes at the end of the primary key's index.
      id: timeOrderedId(),
      news_id: fact.newsId,
      number,
      kind: fact.kind,
      stage: fact.stage,
      by_id: actor.id,
      // Their name as it is now, copied in the same statement.
      by_name: selectFrom('admins').select('name').where('id', '=', actor.id),
      created_at: fact.at,
      fields: storedFields(number, snapshot.fields, before?.fields ?? null),
      body: stored.body,
      body_full: stored.full ? 1 : 0,
      deleted_at: null,
    }))
    .execute();
  await trx
    .deleteFrom('news_autosaves')
    .where('news_id', '=', fact.newsId)
    .where('staff_id', '=', actor.id)
    .execute();
}

/**
 * Marks the revisions of an article being deleted with the time, inside the deletion's
 * transaction: they stay readable by admins until the retention period ends (decision 109).
 */
export async function keepRevisionsOfDeleted(trx: Kysely<Database>, newsId: string, at: string) {
  await trx
    .updateTable('news_revisions')
    .set({ deleted_at: at })
    .where('news_id', '=', newsId)
    .execute();
}
