import type { Kysely, Selectable } from 'kysely';
import type { Database, NewsRevisionTable } from '../db/schema.ts';
import { KEYFRAME_EVERY, bodyOfRun, isKeyframe, keyframeOf } from './body-delta.ts';
import { fieldsOfRun } from './field-delta.ts';
import type { SavedFields, Snapshot } from './snapshot.ts';

/** A revision as listed: who, when, where it stood; its content is read with its run. */
export type RevisionRow = Omit<Selectable<NewsRevisionTable>, 'fields' | 'body' | 'body_full'>;

const HEAD = [
  'id',
  'news_id',
  'number',
  'kind',
  'stage',
  'by_id',
  'by_name',
  'created_at',
  'deleted_at',
] as const;

/** The queries of an article's history. */
export class RevisionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** A page of the article's revisions, newest first, read through (news_id, number). */
  async page(newsId: string, offset: number, limit: number): Promise<RevisionRow[]> {
    return this.db
      .selectFrom('news_revisions')
      .select(HEAD)
      .where('news_id', '=', newsId)
      .orderBy('number', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
  }

  /** How many revisions the article has: the number of its latest. */
  async count(newsId: string): Promise<number> {
    return latestNumber(this.db, newsId);
  }

  async find(newsId: string, revisionId: string): Promise<RevisionRow | undefined> {
    return this.db
      .selectFrom('news_revisions')
      .select(HEAD)
      .where('news_id', '=', newsId)
      .where('id', '=', revisionId)
      .executeTakeFirst();
  }

  /** Whether revisions of the article are kept (it may have been deleted since). */
  async exists(newsId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('news_revisions')
      .select('id')
      .where('news_id', '=', newsId)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The whole article as revision `row` saved it. */
  async snapshot(row: RevisionRow): Promise<Snapshot> {
    return snapshotAt(this.db, row.news_id, row.number);
  }

  /** The names of the taxonomy, people and staff that revisions refer to, by `source:id`. */
  async names(fields: SavedFields[]): Promise<Map<string, string>> {
    const names = new Map<string, string>();
    const read = async (
      source: 'categories' | 'subcategories' | 'publishers' | 'anchors' | 'admins',
      ids: (string | null)[],
    ) => {
      const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
      if (wanted.length === 0) return;
      const rows = await this.db
        .selectFrom(source)
        .select(['id', 'name'])
        .where('id', 'in', wanted)
        .execute();
      for (const row of rows) names.set(`${source}:${row.id}`, row.name);
    };
    await read(
      'categories',
      fields.map((f) => f.categoryId),
    );
    await read(
      'subcategories',
      fields.map((f) => f.subCategoryId),
    );
    await read(
      'publishers',
      fields.map((f) => f.publisherId),
    );
    await read(
      'anchors',
      fields.map((f) => f.anchorId),
    );
    await read(
      'admins',
      fields.flatMap((f) => f.authorIds),
    );
    return names;
  }

  /** Removes the revisions of articles deleted before `cutoff`; returns how many went. */
  async removeDeletedBefore(cutoff: string): Promise<number> {
    const result = await this.db
      .deleteFrom('news_revisions')
      .where('deleted_at', 'is not', null)
      .where('deleted_at', '<', cutoff)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

/** The number of the article's latest revision, 0 when it has none. */
export async function latestNumber(db: Kysely<Database>, newsId: string): Promise<number> {
  const row = await db
    .selectFrom('news_revisions')
    .select((eb) => eb.fn.max('number').as('latest'))
    .where('news_id', '=', newsId)
    .executeTakeFirst();
  return Number(row?.latest ?? 0);
}

/**
 * The whole article as revision `number` saved it, read in one statement through the unique index
 * (decisions 108, 120): its run's whole copy, then each revision's changed fields and body delta
 * up to it.
 */
export async function snapshotAt(
  db: Kysely<Database>,
  newsId: string,
  number: number,
): Promise<Snapshot> {
  const run = await db
    .selectFrom('news_revisions')
    .select(['fields', 'body', 'body_full'])
    .where('news_id', '=', newsId)
    .where('number', '>=', keyframeOf(number))
    .where('number', '<=', number)
    .orderBy('number')
    .execute();
  return snapshotOfRun(run);
}

/**
 * The number of an article's latest revision and, when its next revision keeps only what changed
 * (decision 108), the whole article as the latest saved it: one statement, the run's revisions
 * newest first through the unique index.
 */
export async function latestRevision(
  db: Kysely<Database>,
  newsId: string,
): Promise<{ number: number; snapshot: Snapshot | null }> {
  const newest = await db
    .selectFrom('news_revisions')
    .select(['number', 'fields', 'body', 'body_full'])
    .where('news_id', '=', newsId)
    .orderBy('number', 'desc')
    .limit(KEYFRAME_EVERY)
    .execute();
  const number = Number(newest[0]?.number ?? 0);
  if (number === 0 || isKeyframe(number + 1)) return { number, snapshot: null };
  const run = newest.filter((row) => Number(row.number) >= keyframeOf(number)).reverse();
  return { number, snapshot: snapshotOfRun(run) };
}

function snapshotOfRun(
  run: Pick<Selectable<NewsRevisionTable>, 'fields' | 'body' | 'body_full'>[],
): Snapshot {
  return {
    fields: fieldsOfRun(run.map((row) => row.fields)),
    description: bodyOfRun(
      run.map((row) => ({ body: Buffer.from(row.body), full: row.body_full === 1 })),
    ),
  };
}
