import type { Kysely } from 'kysely';
import {
  reviews,
  type AdminNewsQuery,
  type AuditChange,
  type DeskStage,
  type DeskSummary,
  type NewsFields,
  type Stage,
} from '@newsroom/contract';
import type { Actor } from '../domain/actor.ts';
import { isoNow, type Clock } from '../domain/clock.ts';
import { DomainError } from '../domain/errors.ts';
import type { Database } from '../db/schema.ts';
import { assertMayMove } from './moves.ts';
import {
  DeskRepository,
  deskFieldsOf,
  isActiveStaff,
  savedVersion,
  type DeskFields,
  type DeskFilter,
  type DeskRow,
} from './repo.ts';
import { publicationFields, stageOf, storedStage, type StagedRow } from './stages.ts';

export { stageOf, type DeskFields };

/** The desk's fields of a write (decisions 106, 107). */
export type DeskWriteFields = Pick<
  NewsFields,
  'draft' | 'publishAt' | 'stage' | 'assigneeId' | 'dueAt' | 'note' | 'version'
>;

/** The desk's columns a write sets. */
export interface DeskColumns {
  stage: DeskStage | null;
  updated_by: string | null;
  assignee_id?: string | null;
  due_at?: string | null;
}

/**
 * The desk (decisions 106, 107): stages and who may move an article between them, assignment,
 * versions. News writes call it inside their own transaction; the back office reads what waits
 * for each person from it.
 */
export class DeskService {
  private readonly repo: DeskRepository;

  constructor(
    db: Kysely<Database>,
    private readonly clock: Clock,
  ) {
    this.repo = new DeskRepository(db);
  }

  /** What waits for `actor`: their assigned articles not yet published, and those in review. */
  async summary(actor: Actor): Promise<DeskSummary> {
    const [assigned, inReview] = await Promise.all([
      this.repo.assignedOpen(actor.id, isoNow(this.clock)),
      this.repo.inReview(reviews(actor.role) ? undefined : actor.id),
    ]);
    return { assigned, inReview };
  }

  /** The filter of the admin list a query asks for, or null for the unfiltered list. */
  filterOf(query: Pick<AdminNewsQuery, 'stage' | 'assignee'>, actor: Actor): DeskFilter | null {
    if (query.stage === undefined && query.assignee === undefined) return null;
    return { stage: query.stage, assigneeId: query.assignee === 'me' ? actor.id : undefined };
  }

  /** A page of the admin list's ids for a filter, newest first, and how many match. */
  page(filter: DeskFilter, limit: number, offset: number) {
    return this.repo.page(filter, limit, offset, isoNow(this.clock));
  }

  /** The desk's fields of articles read for the back office (their stage at this moment). */
  fieldsOf(ids: readonly string[]): Promise<Map<string, DeskFields>> {
    return this.repo.fieldsOf(ids, isoNow(this.clock));
  }

  /**
   * The desk fields of an article row a write has just read, as `fieldsOf` would read them: only
   * its assignee's name is read, when it has one.
   */
  async fieldsOfRow(row: DeskRow): Promise<DeskFields> {
    const name = row.assignee_id ? await this.repo.assigneeName(row.assignee_id) : null;
    return deskFieldsOf(row, name, isoNow(this.clock));
  }

  /** The publication fields of a write with its `stage` read into them (decision 106). */
  publicationFields(fields: DeskWriteFields, now: string) {
    return publicationFields(fields, now);
  }

  /**
   * Inside a write's transaction, before anything is written: the move from where the article
   * stands (`existing`; null for a new one) to where the write leaves it must be allowed to
   * `actor` (403), the assignee must be active staff (400), and an update naming a version must
   * name the current one (409). Returns the stage it leaves and the desk's columns to write.
   */
  async check(
    trx: Kysely<Database>,
    write: {
      id: string;
      fields: DeskWriteFields;
      existing: (StagedRow & { version: number; assignee_id: string | null }) | null;
      draft: number;
      createdAt: string;
      /** The write's own time, at which to judge where it leaves the article. */
      at: string;
      actor?: Actor | undefined;
      own: boolean;
    },
  ): Promise<{ from: Stage; to: Stage; columns: DeskColumns }> {
    const { fields, existing, actor } = write;
    const now = isoNow(this.clock);
    if (existing && fields.version !== undefined && fields.version !== existing.version) {
      await this.assertVersion(trx, write.id, fields.version);
    }
    const stage = storedStage(fields.stage, write.draft, existing, now);
    const to = stageOf({ draft: write.draft, created_at: write.createdAt, stage }, write.at);
    const from = existing ? stageOf(existing, now) : 'draft';
    if (actor) assertMayMove(actor, write.own, from, to);
    const { assigneeId, dueAt } = fields;
    if (assigneeId && assigneeId !== existing?.assignee_id) {
      if (!(await isActiveStaff(trx, assigneeId))) {
        throw new DomainError(
          'BAD_REQUEST',
          `assigneeId: no active member of the staff has the id "${assigneeId}"`,
        );
      }
    }
    return {
      from,
      to,
      columns: {
        stage,
        updated_by: actor?.id ?? null,
        ...(assigneeId !== undefined && { assignee_id: assigneeId }),
        ...(dueAt !== undefined && { due_at: dueAt }),
      },
    };
  }

  /**
   * An update naming `version` where the article is at another: 409 with who saved since and
   * when (decision 107). Also asked when a conditional write found the version moved on.
   */
  async assertVersion(trx: Kysely<Database>, id: string, version: number) {
    const saved = await savedVersion(trx, id);
    if (!saved || saved.version === version) return;
    const who = saved.updatedBy?.name ?? 'Someone';
    throw new DomainError(
      'CONFLICT',
      `${who} saved this article at ${saved.updatedAt} (version ${saved.version}) after you opened version ${version}: nothing was saved. Compare both versions, merge your changes and save again`,
      { data: saved },
    );
  }

  /** The audit entry's lines of a write's note (a stage move's reason), if it has one. */
  noteChanges(fields: DeskWriteFields): AuditChange[] {
    return fields.note ? [{ field: 'note', before: null, after: fields.note }] : [];
  }
}
