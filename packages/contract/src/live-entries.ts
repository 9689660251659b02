/**
 * Live pages (decision 115), without zod: what the reader page and its live client use loads no
 * schema (live.ts holds those). An article with `live: true` is a live page: a stream of short
 * entries, newest first, pushed to open pages as Server-Sent Events until its coverage ends.
 */

/** Entries a page of a live page's archive, on the page and in `/u/news/{slug}/live`. */
export const LIVE_PAGE_SIZE = 20;

/** An entry's text: rich-text HTML, as sanitised and kept (at least one visible character). */
export const LIVE_TEXT = { max: 20_000 } as const;

/** An entry's picture description (its `alt`), when it has a picture. */
export const LIVE_ALT = { max: 150 } as const;

/** Entries one live page takes: past it, coverage goes on in a new article. */
export const LIVE_ENTRIES_PER_ARTICLE = 10_000;

/** The latest entries a live page's `LiveBlogPosting` JSON-LD lists as `liveBlogUpdate`. */
export const LIVE_JSON_LD_UPDATES = 10;

/** How often an open stream says it is alive (a comment line), so proxies keep it open. */
export const LIVE_HEARTBEAT_SECONDS = 25;

/** How long a reader's browser waits before reconnecting a dropped stream (the `retry:` field). */
export const LIVE_RETRY_MS = 3_000;

/**
 * The events of `/u/news/{slug}/live/events`. Each carries an `id:`, the article's change
 * sequence, which a reconnecting browser sends back as `Last-Event-ID`.
 * - `entry`: a new entry (the entry as the list answers it);
 * - `entry-updated`: an entry changed (text, picture, video, pinned, key event) (the entry);
 * - `entry-deleted`: `{ _id }` of an entry removed;
 * - `ended`: `{ liveEndedAt }`, coverage has ended: the stream closes and the page is frozen.
 */
export const LIVE_EVENTS = ['entry', 'entry-updated', 'entry-deleted', 'ended'] as const;
export type LiveEventName = (typeof LIVE_EVENTS)[number];

export const LIVE_MESSAGES = {
  text: 'Write the entry: some text is required',
  textTooLong: `An entry may be at most ${LIVE_TEXT.max} characters long`,
  alt: `Describe the picture in at most ${LIVE_ALT.max} characters`,
  videoURL: 'videoURL must be an http(s) address',
  nothing: 'Send at least one of text, pinned, keyEvent, videoURL, alt, image or removeImage',
  notLive: 'This article is not a live page: make it live (live: true) to add entries',
  ended: 'Coverage of this live page has ended: entries can no longer be added or changed',
  tooMany: `A live page takes at most ${LIVE_ENTRIES_PER_ARTICLE} entries`,
  before: 'before must be the id of an entry of this live page',
  lastEventId: 'Last-Event-ID must be a whole number',
  liveEndedAt: 'liveEndedAt must be a date and time with its offset, such as 2026-01-31T12:00:00Z',
  endedAhead: 'liveEndedAt cannot lie in the future: end coverage when it ends',
  endedWithoutLive: 'Only a live page has coverage to end: send live: true as well',
} as const;

/** Who wrote an entry: the name as it was then (kept if they leave), and their author page. */
export interface LiveWriter {
  _id: string | null;
  name: string;
  /** Their author page's slug; null when they have left the staff. */
  slug: string | null;
}

/** An entry as readers and staff read it (`liveEntrySchema` describes it for the API). */
export interface LiveEntryView {
  _id: string;
  /** Sanitised rich-text HTML. */
  text: string;
  createdAt: string;
  updatedAt: string;
  by: LiveWriter;
  pinned: boolean;
  keyEvent: boolean;
  /** The picture's URL (its variants follow from it, as an article's `Image.ImageURL`). */
  imageURL: string | null;
  alt: string;
  /** An embedded video (YouTube, Vimeo, a video file) or ''. */
  videoURL: string;
}

/** The `entry-deleted` event's data. */
export interface LiveEntryDeleted {
  _id: string;
}

/** The `ended` event's data. */
export interface LiveEnded {
  liveEndedAt: string;
}

/** The addresses of a live page's parts: its stream, its archive pages, an entry on its page. */
export const livePaths = {
  events: (slug: string) => `/api/v1/u/news/${encodeURIComponent(slug)}/live/events`,
  /** The archive page of the entries older than one (`?before=`, rendered on the server). */
  olderThan: (slug: string, entryId: string) =>
    `/news/${encodeURIComponent(slug)}?before=${encodeURIComponent(entryId)}`,
  /** The page starting at an entry, scrolled to it (a key event's link). */
  at: (slug: string, entryId: string) =>
    `/news/${encodeURIComponent(slug)}?from=${encodeURIComponent(entryId)}#live-${encodeURIComponent(entryId)}`,
  /** The id of an entry's element on the page. */
  entryAnchor: (entryId: string) => `live-${entryId}`,
} as const;
