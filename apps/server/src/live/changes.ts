import type { LiveEntry, LiveEventName } from '@newsroom/contract';

/**
 * One numbered change of a live page (decision 115): an entry written or edited (`entry`), an
 * entry deleted (`deletedId`), or coverage ended (`endedAt`). `seq` is the article's change
 * sequence, the stream's event id; `createdSeq` that of the entry's creation, which decides, for
 * each reader, whether the entry is new to them or a change of one they have.
 */
export interface LiveChange {
  seq: number;
  createdSeq: number;
  entry?: LiveEntry;
  deletedId?: string;
  endedAt?: string;
}

/** What one instance tells all: the changes of one article, in the order of their sequence. */
export interface LiveMessage {
  article: string;
  changes: LiveChange[];
}

/**
 * The event a reader who has seen the changes up to `seen` gets for `change`, or null when it
 * means nothing to them (an entry made and deleted while they were away).
 */
export function eventFor(
  change: LiveChange,
  seen: number,
): { event: LiveEventName; data: unknown } | null {
  if (change.endedAt !== undefined)
    return { event: 'ended', data: { liveEndedAt: change.endedAt } };
  const isNew = change.createdSeq > seen;
  if (change.deletedId !== undefined) {
    return isNew ? null : { event: 'entry-deleted', data: { _id: change.deletedId } };
  }
  if (!change.entry) return null;
  return { event: isNew ? 'entry' : 'entry-updated', data: change.entry };
}

/** One Server-Sent Event, as written to the stream. */
export function eventFrame(id: number, event: LiveEventName, data: unknown): string {
  return `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}
