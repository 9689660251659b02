import type { LiveEntryView } from '@newsroom/contract';

/**
 * The entries a live desk shows, newest first, however they arrive: pages of the list, the
 * desk's own answers and the stream's events, in any order and any number of times. An entry is
 * shown once; a change never goes back to an older text; a deleted entry never comes back.
 */
export interface DeskEntries {
  entries: LiveEntryView[];
  /** Entries deleted while the desk is open: a page read before the deletion cannot revive them. */
  deleted: ReadonlySet<string>;
  /** How many entries the live page has, as last read and kept up to date since. */
  count: number;
  /** When coverage ended (the `ended` event), or null. */
  endedAt: string | null;
}

export type DeskChange =
  | { type: 'page'; entries: LiveEntryView[]; count: number }
  /** The newest page read again: what it spans is as it says (entries gone from it were deleted). */
  | { type: 'newest'; entries: LiveEntryView[]; count: number }
  | { type: 'added'; entry: LiveEntryView }
  | { type: 'updated'; entry: LiveEntryView }
  | { type: 'deleted'; id: string }
  | { type: 'ended'; at: string };

export const noEntries: DeskEntries = { entries: [], deleted: new Set(), count: 0, endedAt: null };

const newestFirst = (a: LiveEntryView, b: LiveEntryView) =>
  b.createdAt.localeCompare(a.createdAt) || b._id.localeCompare(a._id);

/** `known` with `incoming` put in: a newer version replaces an older one, nothing twice. */
function merge(known: LiveEntryView[], incoming: LiveEntryView[], deleted: ReadonlySet<string>) {
  const byId = new Map(known.map((entry) => [entry._id, entry]));
  for (const entry of incoming) {
    if (deleted.has(entry._id)) continue;
    const held = byId.get(entry._id);
    if (!held || held.updatedAt <= entry.updatedAt) byId.set(entry._id, entry);
  }
  return [...byId.values()].sort(newestFirst);
}

export function applyChange(state: DeskEntries, change: DeskChange): DeskEntries {
  switch (change.type) {
    case 'page':
      return {
        ...state,
        entries: merge(state.entries, change.entries, state.deleted),
        count: change.count,
      };
    case 'newest': {
      const oldest = change.entries.at(-1);
      const older = oldest ? state.entries.filter((entry) => newestFirst(entry, oldest) > 0) : [];
      return {
        ...state,
        entries: merge(older, change.entries, state.deleted),
        count: change.count,
      };
    }
    case 'added': {
      if (state.deleted.has(change.entry._id)) return state;
      const isNew = !state.entries.some((entry) => entry._id === change.entry._id);
      return {
        ...state,
        entries: merge(state.entries, [change.entry], state.deleted),
        count: state.count + (isNew ? 1 : 0),
      };
    }
    case 'updated':
      // An entry older than the pages read stays unread until its page is.
      return state.entries.some((entry) => entry._id === change.entry._id)
        ? { ...state, entries: merge(state.entries, [change.entry], state.deleted) }
        : state;
    case 'deleted': {
      if (state.deleted.has(change.id)) return state;
      const entries = state.entries.filter((entry) => entry._id !== change.id);
      return {
        ...state,
        entries,
        deleted: new Set([...state.deleted, change.id]),
        count: Math.max(0, state.count - 1),
      };
    }
    case 'ended':
      return { ...state, endedAt: change.at };
  }
}
