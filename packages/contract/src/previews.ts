import { z } from 'zod';

/**
 * Preview links (decision 113): a link to an unpublished article's page as readers will see it,
 * valid for a chosen time and revocable.
 */

/** The longest a preview link lasts: 7 days. */
export const PREVIEW_MAX_HOURS = 168;

/** The durations the editor offers, in hours. */
export const PREVIEW_DURATIONS = [1, 24, 72, PREVIEW_MAX_HOURS] as const;

/** `POST /news/{id}/previews`. */
export const previewInputSchema = z.object({
  /** A revision of the article; none: the article as saved now. */
  revisionId: z.string().min(1, 'revisionId: name a revision, or leave it out').nullish(),
  expiresInHours: z.coerce
    .number({ error: 'expiresInHours: give the number of hours the link lasts' })
    .int('expiresInHours: a whole number of hours')
    .min(1, 'expiresInHours: a link lasts at least an hour')
    .max(
      PREVIEW_MAX_HOURS,
      `expiresInHours: a link lasts at most ${PREVIEW_MAX_HOURS} hours (7 days)`,
    ),
});
export type PreviewInput = z.infer<typeof previewInputSchema>;

/** A link just made: its address holds the token, which is shown this once and never again. */
export const previewLinkSchema = z.object({
  _id: z.string(),
  url: z.string().meta({ format: 'uri' }),
  expiresAt: z.string().meta({ format: 'date-time' }),
});
export type PreviewLink = z.infer<typeof previewLinkSchema>;

/** `GET /news/{id}/previews`: a live link (not revoked, not expired), without its address. */
export const previewRowSchema = z.object({
  _id: z.string(),
  revisionId: z.string().nullable(),
  createdAt: z.string().meta({ format: 'date-time' }),
  expiresAt: z.string().meta({ format: 'date-time' }),
  by: z.object({ _id: z.string(), name: z.string() }).nullable(),
});
export type PreviewRow = z.infer<typeof previewRowSchema>;
