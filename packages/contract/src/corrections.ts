import { z } from 'zod';
import { PUBLICATION } from './publication.ts';
import { pageQueryOf } from './schemas.ts';

/**
 * Corrections and update notes of published articles (decision 112): plain text, shown on the
 * article's page newest first, listed on `/corrections`; amended, never removed.
 */
export const CORRECTION_KINDS = ['correction', 'update'] as const;
export type CorrectionKind = (typeof CORRECTION_KINDS)[number];

/** How readers see each kind named. */
export const CORRECTION_KIND_NAMES: Record<CorrectionKind, string> = {
  correction: 'Correction',
  update: 'Update',
};

/** A note's text: a few sentences, at most a long paragraph. */
export const CORRECTION_TEXT = { min: 10, max: 2000 } as const;

/** `/corrections` and `/u/corrections`: notes a page. */
export const CORRECTIONS_PAGE_SIZE = 20;

/** The title of `/corrections/rss.xml`, as its channel and the pages' links name it. */
export const CORRECTIONS_FEED_TITLE = `${PUBLICATION.name}: corrections and updates`;

/** Items of `/corrections/rss.xml`, as many as the site's feed. */
export const RSS_CORRECTIONS_COUNT = 20;

/** Notes kept on one article: past it, an amendment says what is left to say. */
export const CORRECTIONS_PER_ARTICLE = 100;

export const CORRECTION_MESSAGES = {
  kind: 'kind must be "correction" or "update"',
  text: `Write the note in ${CORRECTION_TEXT.min} to ${CORRECTION_TEXT.max} characters`,
  control: 'The note may hold letters, punctuation and line breaks, not control characters',
  notPublished: 'Only a published article takes corrections and update notes',
  tooMany: `An article takes at most ${CORRECTIONS_PER_ARTICLE} notes: amend one of them instead`,
  unchanged: 'The note already says this',
} as const;

/** Line breaks and tabs are kept; other control characters are refused (plain text only). */
// eslint-disable-next-line no-control-regex -- the characters refused are the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** A note's text as it is kept: plain text, trimmed, Windows line ends made plain. */
const noteText = z
  .string({ error: CORRECTION_MESSAGES.text })
  .transform((text) => text.replace(/\r\n?/g, '\n').trim())
  .pipe(
    z
      .string()
      .min(CORRECTION_TEXT.min, CORRECTION_MESSAGES.text)
      .max(CORRECTION_TEXT.max, CORRECTION_MESSAGES.text)
      .refine((text) => !CONTROL.test(text), CORRECTION_MESSAGES.control),
  );

/** `POST /news/{id}/corrections`. */
export const correctionInputSchema = z.object({
  kind: z.enum(CORRECTION_KINDS, { error: CORRECTION_MESSAGES.kind }),
  text: noteText,
});
export type CorrectionInput = z.infer<typeof correctionInputSchema>;

/** `PUT /news/{id}/corrections/{noteId}`. */
export const correctionAmendSchema = z.object({ text: noteText });
export type CorrectionAmend = z.infer<typeof correctionAmendSchema>;

const instant = () => z.string().meta({ format: 'date-time' });

/** Who wrote a note or one of its texts: their name as it was then (kept if they leave). */
const writerSchema = z.object({ _id: z.string().nullable(), name: z.string() });

/** One text a note has had, oldest first; the last is the one shown. */
export const correctionVersionSchema = z.object({
  text: z.string(),
  at: instant(),
  by: writerSchema,
});
export type CorrectionVersion = z.infer<typeof correctionVersionSchema>;

/** The note, as the staff calls answer it (newsroom API: `{ _id, kind, text, createdAt, by }`). */
export const correctionNoteSchema = z.object({
  _id: z.string(),
  kind: z.enum(CORRECTION_KINDS),
  text: z.string(),
  createdAt: instant(),
  by: writerSchema,
  /** When its text last changed (its creation when never amended). */
  updatedAt: instant(),
  /** Every text it has had, oldest first, the current one last. */
  versions: z.array(correctionVersionSchema),
});
export type CorrectionNote = z.infer<typeof correctionNoteSchema>;

/** A note as readers see it, on the article read (`corrections`), newest first. */
export const publicCorrectionSchema = z.object({
  kind: z.enum(CORRECTION_KINDS),
  text: z.string(),
  createdAt: instant(),
});
export type PublicCorrection = z.infer<typeof publicCorrectionSchema>;

/** A note of `/corrections`: with the article it belongs to. */
export const correctionListItemSchema = publicCorrectionSchema.extend({
  _id: z.string(),
  article: z.object({ title: z.string(), slug: z.string() }),
});
export type CorrectionListItem = z.infer<typeof correctionListItemSchema>;

/** `GET /u/corrections?page=&limit=`. */
export const correctionsQuerySchema = pageQueryOf(CORRECTIONS_PAGE_SIZE);

/**
 * The time an article last changed for readers: its last save or its newest note, whichever is
 * later (JSON-LD `dateModified`, the page's "Updated").
 */
export function modifiedAt(article: {
  updatedAt: string;
  corrections?: readonly PublicCorrection[];
}): string {
  const newest = article.corrections?.[0]?.createdAt;
  return newest && newest > article.updatedAt ? newest : article.updatedAt;
}
