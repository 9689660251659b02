import type { NewsFields } from '@newsroom/contract';
import type { NewsRow } from './repo.ts';

/** The columns that say whether and when an article is published (decision 085). */
export interface Publication {
  draft: number;
  /** The publication time: a scheduled one, or the write's own time. */
  created_at: string;
  /** Readers see an article as of its publication, never older. */
  updated_at: string;
}

const later = (a: string, b: string) => (a > b ? a : b);

/**
 * Where a write leaves the publication of an article. `stamp` is the write's time; `now` the
 * clock's. A draft keeps (or takes) a date but is never public. A publication time publishes then,
 * scheduled if later than now. Neither on an update (a client that knows nothing of publishing)
 * changes nothing; "publish now" on an article already public keeps its date, so an edit never
 * moves it to the top of the lists.
 */
export function publicationOf(
  fields: Pick<NewsFields, 'draft' | 'publishAt'>,
  existing: NewsRow | null,
  stamp: string,
  now: string,
): Publication {
  if (existing && fields.draft === undefined && fields.publishAt === undefined) {
    return { draft: existing.draft, created_at: existing.created_at, updated_at: stamp };
  }
  if (fields.draft) {
    return { draft: 1, created_at: existing?.created_at ?? stamp, updated_at: stamp };
  }
  if (fields.publishAt) {
    return { draft: 0, created_at: fields.publishAt, updated_at: later(stamp, fields.publishAt) };
  }
  const published = existing !== null && existing.draft === 0 && existing.created_at <= now;
  return { draft: 0, created_at: published ? existing.created_at : stamp, updated_at: stamp };
}
