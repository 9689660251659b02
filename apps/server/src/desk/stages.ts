import { DESK_STAGES, type DeskStage, type NewsFields, type Stage } from '@newsroom/contract';
import { DomainError } from '../domain/errors.ts';

/*
 * Stages and the columns that hold them (decision 106). Readers never look at the desk: whether
 * an article is public follows from `draft` and `created_at` (decision 085) as before, and the
 * desk keeps the stage of an unpublished article in `stage`.
 */

/** The columns an article's stage is read from. */
export interface StagedRow {
  draft: number;
  created_at: string;
  stage: string | null;
}

const isDeskStage = (stage: string | null | undefined): stage is DeskStage =>
  (DESK_STAGES as readonly (string | null | undefined)[]).includes(stage);

/** The stage of an article at `now`. */
export function stageOf(row: StagedRow, now: string): Stage {
  if (Number(row.draft) === 1) return isDeskStage(row.stage) ? row.stage : 'draft';
  return row.created_at > now ? 'scheduled' : 'published';
}

/** The publication fields a write sends, with its `stage` read into them. */
export type PublicationFields = Pick<NewsFields, 'draft' | 'publishAt'>;

/**
 * A write's `draft` and `publishAt` once its `stage` is read into them: a desk stage saves it
 * unpublished, `published` publishes it (now, or at a past `publishAt`), `scheduled` holds it to
 * a `publishAt` after `now`. Without a stage, the fields as sent (the original client's way).
 */
export function publicationFields(
  fields: Pick<NewsFields, 'draft' | 'publishAt' | 'stage'>,
  now: string,
): PublicationFields {
  const { stage, publishAt } = fields;
  if (stage === undefined) return { draft: fields.draft, publishAt };
  if (isDeskStage(stage)) return { draft: true, publishAt };
  if (stage === 'scheduled' && !(publishAt && publishAt > now)) {
    throw new DomainError('BAD_REQUEST', 'To schedule an article, give a publishAt in the future');
  }
  if (stage === 'published' && publishAt && publishAt > now) {
    throw new DomainError(
      'BAD_REQUEST',
      'A publishAt in the future schedules the article: send stage "scheduled"',
    );
  }
  return { draft: false, publishAt };
}

/**
 * The `stage` column a write leaves: null once scheduled or published; the stage asked for;
 * else, for an article saved unpublished, the stage it had (a draft kept as a draft stays where
 * it was on the desk), `unpublished` if it was public, `draft` if it was new or scheduled.
 */
export function storedStage(
  asked: Stage | undefined,
  draft: number,
  existing: StagedRow | null,
  now: string,
): DeskStage | null {
  if (draft !== 1) return null;
  if (isDeskStage(asked)) return asked;
  if (!existing) return 'draft';
  const before = stageOf(existing, now);
  if (isDeskStage(before)) return before;
  return before === 'published' ? 'unpublished' : 'draft';
}
