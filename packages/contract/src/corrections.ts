import { z } from 'zod';
import {
  CORRECTION_KINDS,
  CORRECTION_MESSAGES,
  CORRECTION_TEXT,
  CORRECTIONS_PAGE_SIZE,
} from './correction-notes.ts';
import { pageQueryOf } from './schemas.ts';

/** The schemas of the corrections calls (decision 112); their constants: correction-notes.ts. */

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
