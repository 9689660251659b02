import { z } from 'zod';
import { publicCorrectionSchema } from './corrections.ts';
import { authorDtoSchema, roleSchema, staffRefSchema } from './staff.ts';
import { STAGES } from './roles.ts';

/*
 * What /api/v1 answers, as zod schemas: the server serialises every answer through them and
 * documents them in /api/v1/openapi.json (decision 092), and the types below are inferred from
 * them. A field missing here is a field the API stops sending.
 */

/** An instant as the API writes it: ISO 8601 in UTC (`2026-11-26T10:00:00.000Z`). */
const instant = () => z.string().meta({ format: 'date-time' });

export const fieldErrorSchema = z.object({ path: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const refSchema = z.object({ _id: z.string(), name: z.string() });
export type Ref = z.infer<typeof refSchema>;

/** What every named record reads as (in this key order, as the API has always written it). */
const namedRecordSchema = refSchema.extend({ createdAt: instant(), updatedAt: instant() });

/** An anchor or a publisher. */
export const personDtoSchema = namedRecordSchema;
export type PersonDto = z.infer<typeof personDtoSchema>;

export const categoryDtoSchema = namedRecordSchema.extend({ subcategory: z.array(refSchema) });
export type CategoryDto = z.infer<typeof categoryDtoSchema>;

export const subCategoryDtoSchema = refSchema.extend({
  categoryId: z.string(),
  category: refSchema.nullable(),
  createdAt: instant(),
  updatedAt: instant(),
});
export type SubCategoryDto = z.infer<typeof subCategoryDtoSchema>;

export const newsDtoSchema = z.object({
  _id: z.string(),
  title: z.string(),
  slug: z.string(),
  metaDescription: z.string(),
  /** Sanitised HTML. */
  description: z.string(),
  /** Spec §3: `["alpha,beta,gamma"]` (or `[]`); `tagList` turns it into a plain list. */
  tags: z.array(z.string()),
  categoryId: z.string(),
  subCategoryId: z.string().nullable(),
  publisherId: z.string(),
  anchorId: z.string().nullable(),
  category: refSchema.nullable(),
  subcategory: refSchema.nullable(),
  publisher: refSchema.nullable(),
  anchor: refSchema.nullable(),
  Image: z.object({ ImageURL: z.string() }).nullable(),
  alt: z.string(),
  videoURL: z.string(),
  status: z.boolean(),
  /** Saved without being published: never public, whatever `status` says (decision 085). */
  draft: z.boolean(),
  /** When it is (or was) published, null for a draft; later than now while it is scheduled. */
  publishAt: instant().nullable(),
  views: z.number(),
  /** The publication time, as `publishAt` (or when a draft was saved). */
  createdAt: instant(),
  updatedAt: instant(),
  /** The staff named on the article, in byline order (decision 103). */
  authors: z.array(staffRefSchema),
  /**
   * The public article read only (`/u/news/{slug}`): its corrections and update notes, newest
   * first (decision 112).
   */
  corrections: z.array(publicCorrectionSchema).optional(),
  /** A live page: a stream of entries (`/u/news/{slug}/live`; decision 115). */
  live: z.boolean(),
  /** When its coverage ended; null while it goes on (or when it is no live page). */
  liveEndedAt: instant().nullable(),
});
export type NewsDto = z.infer<typeof newsDtoSchema>;

/**
 * An article as the back office reads it: the public shape plus where it stands on the desk
 * (decisions 106, 107).
 */
export function adminNewsDtoSchema() {
  return newsDtoSchema.extend({
    stage: z.enum(STAGES),
    /** Grows by one with every save; an update naming an older one is refused (409). */
    version: z.number().int(),
    assignee: refSchema.nullable(),
    dueAt: instant().nullable(),
  });
}
export type AdminNewsDto = z.infer<ReturnType<typeof adminNewsDtoSchema>>;

/** The 409 of an update naming an older `version`: who saved since, and when. */
export const versionConflictSchema = z.object({
  version: z.number().int(),
  updatedAt: instant(),
  updatedBy: refSchema.nullable(),
});
export type VersionConflict = z.infer<typeof versionConflictSchema>;

/** `GET /desk`: what waits for the signed-in person. */
export const deskSummarySchema = z.object({
  /** Articles assigned to them and not yet published. */
  assigned: z.number(),
  /** Articles in review they may act on (reviewers: all; others: their own). */
  inReview: z.number(),
});
export type DeskSummary = z.infer<typeof deskSummarySchema>;

/** `GET /u/author/{slug}`: the person and a page of their public articles (`count` beside). */
export const authorPageSchema = z.object({
  author: authorDtoSchema,
  news: z.array(newsDtoSchema),
});
export type AuthorPage = z.infer<typeof authorPageSchema>;

/**
 * A search result (`GET /u/search`): the public read shape plus `snippet`, a short plain-text
 * excerpt around the match, HTML-escaped, with the matched words wrapped in `<mark>…</mark>`.
 */
export const searchHitDtoSchema = newsDtoSchema.extend({ snippet: z.string() });
export type SearchHitDto = z.infer<typeof searchHitDtoSchema>;

/**
 * A row of the admin news table (`GET /news/get`): spec §3 gives the names of the category,
 * sub-category, publisher and anchor as text there ('' when there is none); the ids stay beside.
 */
export const adminNewsRowSchema = adminNewsDtoSchema().extend({
  category: z.string(),
  subcategory: z.string(),
  publisher: z.string(),
  anchor: z.string(),
});
export type AdminNewsRow = z.infer<typeof adminNewsRowSchema>;

/** `GET /news/get`: the spec's other reading, "admin news list returns data and count". */
export const adminNewsPageSchema = z.object({
  data: z.array(adminNewsRowSchema),
  count: z.number(),
});
export type AdminNewsPage = z.infer<typeof adminNewsPageSchema>;

export const contactDtoSchema = z.object({
  _id: z.string(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  message: z.string(),
  createdAt: instant(),
});
export type ContactDto = z.infer<typeof contactDtoSchema>;

export const dashboardCardsSchema = z.object({
  totalNews: z.number(),
  totalPublishers: z.number(),
  totalAnchors: z.number(),
  totalViews: z.number(),
});
export type DashboardCards = z.infer<typeof dashboardCardsSchema>;

const nameOnly = z.object({ name: z.string() }).nullable();

export const popularNewsDtoSchema = z.object({
  _id: z.string(),
  title: z.string(),
  slug: z.string(),
  category: nameOnly,
  publisher: nameOnly,
  views: z.number(),
  updatedAt: instant(),
});
export type PopularNewsDto = z.infer<typeof popularNewsDtoSchema>;

export const loginDataSchema = z.object({
  role: roleSchema,
  email: z.string(),
  accessToken: z.string(),
  refreshToken: z.string(),
  /**
   * Sent (true) only when the site requires two-factor sign-in of the person and it is not on
   * yet: until they turn it on, the session may use their account's calls only (decision 101).
   */
  twoFactorEnrolmentRequired: z.literal(true).optional(),
});
export type LoginData = z.infer<typeof loginDataSchema>;

/** `data` of the sign-up, verify and resend-code calls. */
export const emailDataSchema = z.object({ email: z.string() });

/**
 * The envelope of a success: `{ statusCode: 200, data, message }`, plus what a call adds beside
 * `data` (`count`, `totalCount`).
 */
export function envelopeSchema<
  T extends z.ZodType,
  Extra extends z.ZodRawShape = Record<never, never>,
>(data: T, extra: Extra = {} as Extra) {
  return z.object({ statusCode: z.number(), data, message: z.string() }).extend(extra);
}

/** The envelope of an error (decisions 003, 064): `code` names the failure. */
export const errorEnvelopeSchema = z.object({
  statusCode: z.number(),
  /** Null, but for an update naming an older version (409): who saved since, and when. */
  data: versionConflictSchema.nullable(),
  message: z.string(),
  code: z.string(),
  /** When input failed validation: one entry per failing field. */
  errors: z.array(fieldErrorSchema).optional(),
});
