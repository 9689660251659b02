import type { Kysely } from 'kysely';
import {
  AUDIT_TEXT_SUMMARY,
  type AuditAction,
  type AuditChange,
  type AuditKind,
} from '@newsroom/contract';
import { v7 as timeOrderedId } from 'uuid';
import { now } from '../db/ids.ts';
import type { Database } from '../db/schema.ts';

/** Who made a change and from where; `id` null for someone not known (a failed sign-in). */
export interface AuditSource {
  id: string | null;
  address: string | null;
}

/** What a change did to one thing. */
export interface AuditFact {
  action: AuditAction;
  kind: AuditKind;
  thingId: string | null;
  /** The thing's name or title as the change left it (as it was, for a removal). */
  title: string;
  changes?: AuditChange[];
}

/**
 * Writes one audit entry (decision 105). Callers pass the transaction of the change itself, so
 * the entry commits with it or not at all. The person's name is copied from their account in the
 * same statement: their entries keep naming them after they leave.
 */
export async function recordAudit(
  db: Kysely<Database>,
  by: AuditSource,
  fact: AuditFact,
): Promise<void> {
  await db
    .insertInto('audit_entries')
    .values(({ selectFrom }) => ({
      // Time-ordered (UUID v7): each entry's key goes at the end of the primary key's index, as
      // its time does in the others, so an insert touches the pages written last.
      id: timeOrderedId(),
      at: now(),
      actor_id: by.id,
      actor_name: by.id ? selectFrom('admins').select('name').where('id', '=', by.id) : null,
      action: fact.action,
      kind: fact.kind,
      thing_id: fact.thingId,
      title: summary(fact.title),
      address: by.address,
      changes: JSON.stringify(fact.changes ?? []),
    }))
    .execute();
}

/** A record's fields as an entry shows them: text, or null where there is no value. */
export type AuditedFields = Record<string, string | null>;

/**
 * The fields that differ between two states of a thing, in the order of `after` (or `before`).
 * A creation (`before` null) lists every field given a value; a removal (`after` null) every field
 * that had one. Long text is kept as a summary.
 */
export function changesBetween(
  before: AuditedFields | null,
  after: AuditedFields | null,
): AuditChange[] {
  const fields = Object.keys(after ?? before ?? {});
  const changes: AuditChange[] = [];
  for (const field of fields) {
    const old = blankAsNull(before?.[field]);
    const next = blankAsNull(after?.[field]);
    if (old === next) continue;
    changes.push({ field, before: old && summary(old), after: next && summary(next) });
  }
  return changes;
}

/** Text longer than the limit, cut at a word with an ellipsis and its full length. */
export function summary(text: string): string {
  if (text.length <= AUDIT_TEXT_SUMMARY) return text;
  const note = ` (${text.length.toLocaleString('en')} characters)`;
  const room = AUDIT_TEXT_SUMMARY - note.length - 1;
  const cut = text.slice(0, room);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > room / 2 ? cut.slice(0, atWord) : cut).trimEnd()}…${note}`;
}

const blankAsNull = (value: string | null | undefined) =>
  value === undefined || value === null || value === '' ? null : value;

/** The entry of a write of a record that is only a name (a category, anchor or publisher). */
export function nameWrite(
  action: 'create' | 'update' | 'delete',
  kind: AuditKind,
  thingId: string,
  before: string | null,
  after: string | null,
): AuditFact {
  return {
    action,
    kind,
    thingId,
    title: after ?? before ?? '',
    changes: changesBetween(
      before === null ? null : { name: before },
      after === null ? null : { name: after },
    ),
  };
}
