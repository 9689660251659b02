import { z } from 'zod';
import { isHttpUrl } from './schemas.ts';
import { LIVE_ALT, LIVE_MESSAGES, LIVE_PAGE_SIZE, LIVE_TEXT } from './live-entries.ts';

/**
 * The schemas of live pages (decision 115); their constants and the types the reader page uses:
 * live-entries.ts.
 */

/** `true`/`false` as a boolean or its text form (multipart fields are text). */
const flag = (field: string) =>
  z.preprocess(
    (value) =>
      value === 'true' || value === '1' || value === 'on'
        ? true
        : value === 'false' || value === '0'
          ? false
          : value,
    z.boolean({ error: `${field} must be true or false` }),
  );

/** An entry's text: rich-text HTML, sanitised by the server, which refuses it when empty then. */
const entryText = z
  .string({ error: LIVE_MESSAGES.text })
  .trim()
  .min(1, LIVE_MESSAGES.text)
  .max(LIVE_TEXT.max, LIVE_MESSAGES.textTooLong);

const videoURL = z
  .string({ error: LIVE_MESSAGES.videoURL })
  .trim()
  .refine((value) => value === '' || isHttpUrl(value), LIVE_MESSAGES.videoURL);

const alt = z.string({ error: LIVE_MESSAGES.alt }).trim().max(LIVE_ALT.max, LIVE_MESSAGES.alt);

/**
 * `POST /news/{id}/live`: JSON, or multipart with the same fields as text and an optional
 * `image` file (a picture, checked as an article's).
 */
export const liveEntryInputSchema = z.object({
  text: entryText,
  pinned: flag('pinned').default(false),
  keyEvent: flag('keyEvent').default(false),
  videoURL: videoURL.default(''),
  /** The picture's description, for readers who do not see it. */
  alt: alt.default(''),
});
export type LiveEntryInput = z.infer<typeof liveEntryInputSchema>;
/** What a client may send (flags as text from a form, fields left out). */
export type LiveEntryFields = z.input<typeof liveEntryInputSchema>;

/**
 * `PUT /news/{id}/live/{entryId}`: any of the fields (JSON or multipart, with a new `image`);
 * absent ones stay as they are; `removeImage` drops the picture.
 */
export const liveEntryUpdateSchema = z.object({
  text: entryText.optional(),
  pinned: flag('pinned').optional(),
  keyEvent: flag('keyEvent').optional(),
  videoURL: videoURL.optional(),
  alt: alt.optional(),
  removeImage: flag('removeImage').optional(),
});
export type LiveEntryUpdate = z.infer<typeof liveEntryUpdateSchema>;

const instant = () => z.string().meta({ format: 'date-time' });

/** Who wrote an entry (or one of its texts): the name as it was then. */
export const liveWriterSchema = z.object({
  _id: z.string().nullable(),
  name: z.string(),
  slug: z.string().nullable(),
});

/**
 * An entry (newsroom API: `{ _id, text, createdAt, updatedAt, by, pinned, keyEvent }`, plus its
 * picture and video).
 */
export const liveEntrySchema = z.object({
  _id: z.string(),
  text: z.string(),
  createdAt: instant(),
  updatedAt: instant(),
  by: liveWriterSchema,
  pinned: z.boolean(),
  keyEvent: z.boolean(),
  imageURL: z.string().nullable(),
  alt: z.string(),
  videoURL: z.string(),
});
export type LiveEntry = z.infer<typeof liveEntrySchema>;

/** One state an entry has had, oldest first; the last is the current one. */
export const liveEntryVersionSchema = z.object({
  text: z.string(),
  pinned: z.boolean(),
  keyEvent: z.boolean(),
  imageURL: z.string().nullable(),
  alt: z.string(),
  videoURL: z.string(),
  at: instant(),
  by: liveWriterSchema,
});
export type LiveEntryVersion = z.infer<typeof liveEntryVersionSchema>;

/** `GET /news/{id}/live/{entryId}/history` (staff): every state the entry has had. */
export const liveEntryHistorySchema = liveEntrySchema.extend({
  versions: z.array(liveEntryVersionSchema),
  /** When it was deleted (it stays in the history), or null. */
  deletedAt: instant().nullable(),
});
export type LiveEntryHistory = z.infer<typeof liveEntryHistorySchema>;

/** A key event as the top of a live page lists it: a short plain-text line linking to the entry. */
export const liveKeyEventSchema = z.object({
  _id: z.string(),
  createdAt: instant(),
  /** The entry's text as plain text, cut to a line. */
  headline: z.string(),
});
export type LiveKeyEvent = z.infer<typeof liveKeyEventSchema>;

/** The state of a live page's coverage, beside its entries. */
export const liveCoverageSchema = z.object({
  /** When coverage started: the article's publication time, or its first entry when earlier. */
  startedAt: instant(),
  /** When it ended, or null while it goes on. */
  endedAt: instant().nullable(),
  /** The last change's sequence: the `id:` of the stream's last event so far. */
  lastEventId: z.string(),
});
export type LiveCoverage = z.infer<typeof liveCoverageSchema>;

/**
 * `GET /u/news/{slug}/live?before=&limit=` and `GET /news/{id}/live?before=&limit=`: `data` the
 * entries newest first (pinned ones too, in their place), `count` of all entries; beside them the
 * coverage, the pinned entries and the key events (on every page, so any page can show them).
 */
export const livePageExtras = {
  count: z.number(),
  /** Whether there are entries older than this page's last (the next page's `before`). */
  hasOlder: z.boolean(),
  coverage: liveCoverageSchema,
  pinned: z.array(liveEntrySchema),
  keyEvents: z.array(liveKeyEventSchema),
};
export interface LivePage {
  data: LiveEntry[];
  count: number;
  hasOlder: boolean;
  coverage: LiveCoverage;
  pinned: LiveEntry[];
  keyEvents: LiveKeyEvent[];
}

/**
 * The query of a page of entries: older than `before` (an entry's id), or from the entry `from`
 * on, `limit` of them.
 */
const entryCursor = z.preprocess(
  (value) => (value === '' || value === 'null' || value === 'undefined' ? undefined : value),
  z.string({ error: LIVE_MESSAGES.before }).trim().min(1).max(100).optional(),
);

export const livePageQuerySchema = z.object({
  before: entryCursor,
  /** The page starting at this entry (it included): where a key event's link leads. */
  from: entryCursor,
  limit: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.coerce
      .number({ error: 'limit must be a number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(100, 'limit must be at most 100')
      .default(LIVE_PAGE_SIZE),
  ),
});
export type LivePageQuery = z.infer<typeof livePageQuerySchema>;

/**
 * `PUT /news/{id}/live` (staff): the coverage itself. `ended: true` ends it now (`liveEndedAt`
 * the same through the article's update), `ended: false` resumes it.
 */
export const liveCoverageInputSchema = z.object({ ended: flag('ended') });
export type LiveCoverageInput = z.infer<typeof liveCoverageInputSchema>;
