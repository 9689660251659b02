import { sql, type Kysely } from 'kysely';
import { type Ref, type Stage, type VersionConflict } from '@newsroom/contract';
import { activeStaffIds } from '../db/active-staff.ts';
import type { Database } from '../db/schema.ts';
import { stageOf, type StagedRow } from './stages.ts';

/** The desk's fields of an article, as admin reads add them (decisions 106, 107). */
export interface DeskFields {
  stage: Stage;
  version: number;
  assignee: Ref | null;
  dueAt: string | null;
}

/** The desk's columns of an article row. */
export type DeskRow = StagedRow & {
  version: number | string;
  due_at: string | null;
  assignee_id: string | null;
};

/** The desk's fields of an article row read at `now`, its assignee's name read beside it. */
export function deskFieldsOf(row: DeskRow, assigneeName: string | null, now: string): DeskFields {
  return {
    stage: stageOf(row, now),
    version: Number(row.version),
    assignee:
      row.assignee_id && assigneeName !== null
        ? { _id: row.assignee_id, name: assigneeName }
        : null,
    dueAt: row.due_at,
  };
}

/** What the admin list is narrowed to: one stage, the articles assigned to one person, or both. */
export interface DeskFilter {
  stage?: Stage | undefined;
  assigneeId?: string | undefined;
}

/**
 * The desk's queries on the news table. Each filter of the admin list is one range of an index
 * in the list's order (migrations/desk.ts): `(stage, created_at, id)` for a desk stage,
 * `(draft, created_at, id)` for scheduled and published, `(assignee_id, created_at, id)` for a
 * person's desk.
 */
export class DeskRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The desk fields of these articles, in one statement. */
  async fieldsOf(ids: readonly string[], now: string): Promise<Map<string, DeskFields>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('news as n')
      .leftJoin('admins as a', 'a.id', 'n.assignee_id')
      .select([
        'n.id',
        'n.draft',
        'n.created_at',
        'n.stage',
        'n.version',
        'n.due_at',
        'n.assignee_id',
        'a.name as assignee_name',
      ])
      .where('n.id', 'in', ids)
      .execute();
    return new Map(rows.map((row) => [row.id, deskFieldsOf(row, row.assignee_name, now)]));
  }

  /** The name of the person an article is assigned to, if they are still on the staff table. */
  async assigneeName(assigneeId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('admins')
      .select('name')
      .where('id', '=', assigneeId)
      .executeTakeFirst();
    return row?.name ?? null;
  }

  private matching(filter: DeskFilter, now: string) {
    let query = this.db.selectFrom('news as m');
    const { stage, assigneeId } = filter;
    if (assigneeId !== undefined) query = query.where('m.assignee_id', '=', assigneeId);
    if (stage === 'published' || stage === 'scheduled') {
      query = query
        .where('m.draft', '=', 0)
        .where('m.created_at', stage === 'published' ? '<=' : '>', now);
    } else if (stage !== undefined) {
      query = query.where('m.stage', '=', stage).where('m.draft', '=', 1);
    }
    return query;
  }

  /** The ids of a page of matching articles, newest first, and how many match in all. */
  async page(
    filter: DeskFilter,
    limit: number,
    offset: number,
    now: string,
  ): Promise<{ ids: string[]; count: number }> {
    const everyPublished = filter.stage === 'published' && filter.assigneeId === undefined;
    const [rows, counted] = await Promise.all([
      this.matching(filter, now)
        .select('m.id')
        .orderBy('m.created_at', 'desc')
        .orderBy('m.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      everyPublished
        ? this.publishedCount(now)
        : this.matching(filter, now)
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .executeTakeFirstOrThrow(),
    ]);
    return { ids: rows.map((row) => row.id), count: Number(counted.count) };
  }

  /**
   * How many articles are published at `now`, whatever their status: the maintained figure of
   * every article (decision 073) less the drafts and the scheduled ones, two short ranges of the
   * `(draft, created_at)` index. Counting the published themselves walked most of the archive.
   */
  private publishedCount(now: string) {
    const every = this.db
      .selectFrom('news_counts')
      .select('all_count')
      .where('scope', '=', 'all')
      .where('key', '=', '');
    const count = (draft: 0 | 1) =>
      this.db
        .selectFrom('news as m')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('m.draft', '=', draft);
    const scheduled = count(0).where('m.created_at', '>', now);
    return this.db
      .selectNoFrom((eb) =>
        eb(eb(every.$asScalar(), '-', count(1).$asScalar()), '-', scheduled.$asScalar()).as(
          'count',
        ),
      )
      .executeTakeFirstOrThrow();
  }

  /** How many articles assigned to `staffId` are not yet published. */
  async assignedOpen(staffId: string, now: string): Promise<number> {
    const { count } = await this.db
      .selectFrom('news')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('assignee_id', '=', staffId)
      .where((eb) => eb.or([eb('draft', '=', 1), eb('created_at', '>', now)]))
      .executeTakeFirstOrThrow();
    return Number(count);
  }

  /** How many articles are in review: all of them, or those `authorId` is an author of. */
  async inReview(authorId?: string): Promise<number> {
    let query = this.db
      .selectFrom('news as m')
      .where('m.stage', '=', 'in_review')
      .where('m.draft', '=', 1);
    if (authorId !== undefined) {
      query = query.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('news_authors as a')
            .select(sql.lit(1).as('one'))
            .whereRef('a.news_id', '=', 'm.id')
            .where('a.staff_id', '=', authorId),
        ),
      );
    }
    const { count } = await query
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(count);
  }
}

/** Whether `staffId` is an active member of the staff (whom an article may be assigned to). */
export async function isActiveStaff(db: Kysely<Database>, staffId: string): Promise<boolean> {
  return (await activeStaffIds(db, [staffId])).has(staffId);
}

/** The article's version as it stands, when and by whom it was saved last. */
export async function savedVersion(
  db: Kysely<Database>,
  newsId: string,
): Promise<VersionConflict | undefined> {
  const row = await db
    .selectFrom('news as n')
    .leftJoin('admins as a', 'a.id', 'n.updated_by')
    .select(['n.version', 'n.updated_at', 'n.updated_by', 'a.name'])
    .where('n.id', '=', newsId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    version: Number(row.version),
    updatedAt: row.updated_at,
    updatedBy: row.updated_by && row.name !== null ? { _id: row.updated_by, name: row.name } : null,
  };
}
