import { z } from 'zod';
import { LIMITS } from './limits.ts';
import { pageQueryOf } from './schemas.ts';

/*
 * An article's history (newsroom API, "Articles: authors, stages, versions, history";
 * decisions 108, 109): its revisions, one of them as saved, a word-level comparison of two, and
 * the editor's private autosave.
 */

export const REVISION_KINDS = ['save', 'restore', 'autosave'] as const;
export type RevisionKind = (typeof REVISION_KINDS)[number];

/** A page of the history list: 20 revisions unless asked otherwise. */
export const revisionPageQuerySchema = pageQueryOf(20);

const byline = z.object({ _id: z.string().nullable(), name: z.string() });

/** One line of the history list. */
export const revisionSummarySchema = z.object({
  _id: z.string(),
  number: z.number(),
  createdAt: z.string(),
  by: byline,
  stage: z.string(),
  kind: z.enum(REVISION_KINDS),
});
export type RevisionSummary = z.infer<typeof revisionSummarySchema>;

const named = z.object({ _id: z.string(), name: z.string() });

/** Every field of the article as a revision saved it, with the names of what it refers to. */
export const revisionSchema = revisionSummarySchema.extend({
  title: z.string(),
  slug: z.string(),
  metaDescription: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  category: named,
  subCategory: named.nullable(),
  publisher: named,
  anchor: named.nullable(),
  /** The picture's address, or null when it had none. */
  image: z.string().nullable(),
  alt: z.string(),
  videoURL: z.string(),
  status: z.boolean(),
  draft: z.boolean(),
  /** Its publication time (or the time it was made, for a draft). */
  publishedAt: z.string(),
  authors: z.array(named),
});
export type Revision = z.infer<typeof revisionSchema>;

export const CHANGE_OPS = ['equal', 'insert', 'delete'] as const;

/** How one field reads from one revision to another, word by word. */
export const fieldComparisonSchema = z.object({
  field: z.string(),
  changes: z.array(z.object({ op: z.enum(CHANGE_OPS), text: z.string() })),
});
export type FieldComparison = z.infer<typeof fieldComparisonSchema>;

export const revisionComparisonSchema = z.object({ fields: z.array(fieldComparisonSchema) });
export type RevisionComparison = z.infer<typeof revisionComparisonSchema>;

export const compareQuerySchema = z.object({
  from: z
    .string({ error: 'from: a revision id is required' })
    .min(1, 'from: a revision id is required'),
  to: z.string({ error: 'to: a revision id is required' }).min(1, 'to: a revision id is required'),
});

const text = (max: number) => z.string().max(max).optional();

/**
 * An autosave: the fields of an update as the editor holds them, unfinished (so none is
 * required and only the lengths a field may never exceed are checked).
 */
export const autosaveFieldsSchema = z.object({
  title: text(LIMITS.title.max),
  slug: text(LIMITS.slug.max),
  metaDescription: text(LIMITS.metaDescription.max),
  description: text(LIMITS.description.max),
  alt: text(LIMITS.alt.max),
  tags: z.array(z.string().max(LIMITS.tagLength)).max(LIMITS.maxTags).optional(),
  videoURL: text(2000),
  status: z.boolean().optional(),
  categoryId: z.string().max(100).nullable().optional(),
  subCategoryId: z.string().max(100).nullable().optional(),
  publisherId: z.string().max(100).nullable().optional(),
  anchorId: z.string().max(100).nullable().optional(),
  draft: z.boolean().optional(),
  publishAt: z.string().max(40).nullable().optional(),
  authorIds: z.array(z.string().max(100)).max(LIMITS.maxAuthors).optional(),
});
export type AutosaveFields = z.infer<typeof autosaveFieldsSchema>;

/** One's own autosave of an article. */
export const autosaveSchema = z.object({
  savedAt: z.string(),
  fields: autosaveFieldsSchema,
});
export type Autosave = z.infer<typeof autosaveSchema>;

/** How long revisions of a deleted article are kept: days, or null to keep them. */
export const revisionRetentionSchema = z.object({
  deletedArticleDays: z
    .number({ error: 'deletedArticleDays must be a number of days or null' })
    .int('deletedArticleDays must be a whole number of days')
    .min(1, 'deletedArticleDays must be at least 1')
    .max(36_500, 'deletedArticleDays must be at most 36500')
    .nullable(),
});
export type RevisionRetention = z.infer<typeof revisionRetentionSchema>;
