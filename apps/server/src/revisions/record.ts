import type { Kysely } from 'kysely';
import type { RevisionKind } from '@newsroom/contract';
import { newId } from '../db/ids.ts';
import type { Database } from '../db/schema.ts';
import type { Actor } from '../domain/actor.ts';
import { isKeyframe, storedBody } from './body-delta.ts';
import { bodyAt, latestNumber } from './repo.ts';
import { snapshotOf } from './snapshot.ts';

export interface RevisionFact {
  newsId: string;
  kind: Exclude<RevisionKind, 'autosave'>;
  /** Where the article stands once written. */
  stage: string;
  /** The write's time. */
  at: string;
}

/**
 * Keeps the article as the write inside `trx` left it as its next revision (decision 108), and
 * discards the person's autosave of it: what they were editing is saved now. Call it inside the
 * write's transaction, after the article's row and authors are written.
 */
export async function recordRevision(trx: Kysely<Database>, actor: Actor, fact: RevisionFact) {
  const row = await trx
    .selectFrom('news')
    .selectAll()
    .where('id', '=', fact.newsId)
    .executeTakeFirstOrThrow();
  const authors = await trx
    .selectFrom('news_authors')
    .select('staff_id')
    .where('news_id', '=', fact.newsId)
    .orderBy('position')
    .execute();
  const person = await trx
    .selectFrom('admins')
    .select('name')
    .where('id', '=', actor.id)
    .executeTakeFirst();
  const snapshot = snapshotOf(
    row,
    authors.map((author) => author.staff_id),
  );
  const number = (await latestNumber(trx, fact.newsId)) + 1;
  const before = isKeyframe(number) ? null : await bodyAt(trx, fact.newsId, number - 1);
  const stored = storedBody(snapshot.description, before);
  await trx
    .insertInto('news_revisions')
    .values({
      id: newId(),
      news_id: fact.newsId,
      number,
      kind: fact.kind,
      stage: fact.stage,
      by_id: actor.id,
      by_name: person?.name ?? null,
      created_at: fact.at,
      fields: JSON.stringify(snapshot.fields),
      body: stored.body,
      body_full: stored.full ? 1 : 0,
      deleted_at: null,
    })
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
