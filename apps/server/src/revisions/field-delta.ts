import type { SavedFields } from './snapshot.ts';
import { isKeyframe } from './body-delta.ts';

/*
 * How a revision's fields (all but the body) are stored (decision 120): as JSON, whole on the
 * revision that starts a run (the one whose body is whole too, body-delta.ts), and otherwise only
 * the fields that differ from the revision before, often none (`{}`). A revision's fields are its
 * run's stored fields laid over each other in order. A whole copy laid over the fields before
 * gives itself, so revisions stored whole before deltas existed read as they always did.
 */

/** Every key a revision's fields have once read. */
const KEYS: readonly (keyof SavedFields)[] = [
  'title',
  'slug',
  'metaDescription',
  'tags',
  'categoryId',
  'subCategoryId',
  'publisherId',
  'anchorId',
  'imageKey',
  'alt',
  'videoURL',
  'status',
  'draft',
  'publishedAt',
  'authorIds',
];

/** Revision `number`'s fields as stored: whole, or what changed since `before`. */
export function storedFields(
  number: number,
  after: SavedFields,
  before: SavedFields | null,
): string {
  if (before === null || isKeyframe(number)) return JSON.stringify(after);
  const changed: Partial<Record<keyof SavedFields, unknown>> = {};
  for (const key of KEYS) {
    if (JSON.stringify(after[key]) !== JSON.stringify(before[key])) changed[key] = after[key];
  }
  return JSON.stringify(changed);
}

/** The fields of the last of `run` (its stored fields, oldest first, the first one whole). */
export function fieldsOfRun(run: readonly string[]): SavedFields {
  const fields: Partial<SavedFields> = {};
  for (const stored of run) Object.assign(fields, JSON.parse(stored) as Partial<SavedFields>);
  if (!KEYS.every((key) => key in fields)) {
    throw new Error('A revision stored as changed fields has no whole copy before it');
  }
  return fields as SavedFields;
}
