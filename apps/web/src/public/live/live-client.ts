import {
  htmlToText,
  livePaths,
  truncateChars,
  type LiveEnded,
  type LiveEntry,
  type LiveEntryDeleted,
  type LiveEventName,
  type LiveKeyEvent,
  type LivePage,
} from '@newsroom/contract';

/** A change of the page of entries the browser shows. */
export type PageChange = (page: LivePage) => LivePage;

const HEADLINE_CHARS = 140;

const byNewest = (a: LiveEntry, b: LiveEntry) =>
  b.createdAt.localeCompare(a.createdAt) || b._id.localeCompare(a._id);

const keyEventOf = (entry: LiveEntry): LiveKeyEvent => ({
  _id: entry._id,
  createdAt: entry.createdAt,
  headline: truncateChars(htmlToText(entry.text), HEADLINE_CHARS),
});

/** The page with `entry` as it is now: in its place, among the pinned and key events or not. */
function withEntry(page: LivePage, entry: LiveEntry, isNew: boolean): LivePage {
  const others = (list: LiveEntry[]) => list.filter((item) => item._id !== entry._id);
  const present = page.data.some((item) => item._id === entry._id);
  const data = present || isNew ? [...others(page.data), entry].sort(byNewest) : page.data;
  const keyEvents = page.keyEvents.filter((item) => item._id !== entry._id);
  if (entry.keyEvent) keyEvents.push(keyEventOf(entry));
  return {
    ...page,
    data,
    count: page.count + (isNew && !present ? 1 : 0),
    pinned: entry.pinned ? [...others(page.pinned), entry].sort(byNewest) : others(page.pinned),
    keyEvents: keyEvents.sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
  };
}

function withoutEntry(page: LivePage, id: string): LivePage {
  const present = page.data.some((item) => item._id === id);
  return {
    ...page,
    data: page.data.filter((item) => item._id !== id),
    count: Math.max(0, page.count - (present ? 1 : 0)),
    pinned: page.pinned.filter((item) => item._id !== id),
    keyEvents: page.keyEvents.filter((item) => item._id !== id),
  };
}

/**
 * Follows a live page's event stream from change `lastEventId` (the one the page was rendered
 * at) and hands each change to `apply`; the browser's EventSource reconnects by itself, sending
 * `Last-Event-ID`, so a dropped connection loses nothing. The stream ends with `ended`. Returns
 * the function that stops following.
 */
export function followLive(
  slug: string,
  lastEventId: string,
  apply: (change: PageChange) => void,
): () => void {
  const source = new EventSource(
    `${livePaths.events(slug)}?lastEventId=${encodeURIComponent(lastEventId)}`,
  );
  const on = (event: LiveEventName, handle: (data: unknown) => void) =>
    source.addEventListener(event, (message) => {
      if (message.lastEventId) lastEventId = message.lastEventId;
      handle(JSON.parse(message.data) as unknown);
    });
  on('entry', (data) => apply((page) => withEntry(page, data as LiveEntry, true)));
  on('entry-updated', (data) => apply((page) => withEntry(page, data as LiveEntry, false)));
  on('entry-deleted', (data) =>
    apply((page) => withoutEntry(page, (data as LiveEntryDeleted)._id)),
  );
  on('ended', (data) => {
    source.close();
    const { liveEndedAt } = data as LiveEnded;
    apply((page) => ({ ...page, coverage: { ...page.coverage, endedAt: liveEndedAt } }));
  });
  return () => source.close();
}
