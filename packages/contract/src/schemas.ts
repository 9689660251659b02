import { z } from 'zod';
import { STAGES } from './roles.ts';
import { LIMITS, PAGE_SIZE, PUBLISH_MESSAGES, READ_ALSO_COUNT, SEARCH_MESSAGES } from './limits.ts';
import { LIVE_MESSAGES } from './live-entries.ts';

/** A required, trimmed text field whose every type or emptiness failure reads `required`. */
function requiredText(required: string) {
  return z.string({ error: required }).trim().min(1, required);
}

function email() {
  return requiredText('email is required')
    .toLowerCase()
    .pipe(z.email({ error: 'email must be a valid email address' }));
}

/**
 * A whole number sent where digits are expected (a number input sends `12345`, not `"12345"`)
 * becomes its text; `width` left-pads it with zeros, as a code's leading zeros are lost that way.
 */
function digitsFromNumber(width = 0) {
  return (value: string | number) =>
    typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
      ? String(value).padStart(width, '0')
      : value;
}

/** Empty strings, `null` and the literal "null" mean "none" for optional references. */
const optionalId = z.preprocess(
  (value) => (value === '' || value === 'null' || value === undefined ? null : value),
  z.string({ error: 'must be an id' }).trim().min(1).nullable(),
);

export const nameSchema = z.object({
  name: requiredText('name is required').max(
    LIMITS.name.max,
    `name must be at most ${LIMITS.name.max} characters`,
  ),
});
export type NameInput = z.infer<typeof nameSchema>;

export const subCategorySchema = nameSchema.extend({
  categoryId: requiredText('categoryId is required'),
});
export type SubCategoryInput = z.infer<typeof subCategorySchema>;

export const contactSchema = z.object({
  fullName: requiredText('fullName is required')
    .min(LIMITS.personName.min, `fullName must be at least ${LIMITS.personName.min} characters`)
    .max(LIMITS.personName.max, `fullName must be at most ${LIMITS.personName.max} characters`),
  email: email(),
  // Spec §5 "phone numeric": a JSON number is accepted and kept as text.
  phone: z.preprocess(
    digitsFromNumber(),
    requiredText('phone is required')
      .regex(/^\d+$/, 'phone must contain only digits')
      .min(LIMITS.phone.min, `phone must be at least ${LIMITS.phone.min} digits`)
      .max(LIMITS.phone.max, `phone must be at most ${LIMITS.phone.max} digits`),
  ),
  message: requiredText('message is required')
    .min(LIMITS.message.min, `message must be at least ${LIMITS.message.min} characters`)
    .max(LIMITS.message.max, `message must be at most ${LIMITS.message.max} characters`),
});
export type ContactInput = z.infer<typeof contactSchema>;
/** What a contact form may send: `phone` as text or a number. */
export type ContactFields = z.input<typeof contactSchema>;

/** A password someone chooses, under the field's own name in its messages. */
const newPasswordField = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .min(1, `${field} is required`)
    .min(LIMITS.password.min, `${field} must be at least ${LIMITS.password.min} characters`)
    .max(LIMITS.password.max, `${field} must be at most ${LIMITS.password.max} characters`);
const password = newPasswordField('password');

export const registerSchema = z
  .object({
    name: requiredText('name is required')
      .min(LIMITS.personName.min, `name must be at least ${LIMITS.personName.min} characters`)
      .max(LIMITS.personName.max, `name must be at most ${LIMITS.personName.max} characters`),
    email: email(),
    code: requiredText('code is required'),
    password,
    confirmPassword: z
      .string({ error: 'confirmPassword is required' })
      .min(1, 'confirmPassword is required'),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: 'Passwords must be match',
    path: ['confirmPassword'],
  });
export type RegisterInput = z.infer<typeof registerSchema>;

/** Spec §5 "code numeric": text or a JSON number, whose lost leading zeros are put back. */
export const otpCodeSchema = z.preprocess(
  digitsFromNumber(LIMITS.otpDigits),
  requiredText('OTP is required').regex(
    new RegExp(`^\\d{${LIMITS.otpDigits}}$`),
    `OTP must be ${LIMITS.otpDigits} digits`,
  ),
);

export const verifySchema = z.object({ email: email(), code: otpCodeSchema });
export type VerifyInput = z.infer<typeof verifySchema>;
/** What a verify form may send: `code` as text or a number. */
export type VerifyFields = z.input<typeof verifySchema>;

export const resendOtpSchema = z.object({ email: email() });

export const loginSchema = z.object({
  email: email(),
  password: z.string({ error: 'password is required' }).min(1, 'password is required'),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: 'currentPassword is required' })
      .min(1, 'currentPassword is required'),
    newPassword: newPasswordField('newPassword'),
    confirmPassword: z
      .string({ error: 'confirmPassword is required' })
      .min(1, 'confirmPassword is required'),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: 'The new password and its confirmation must match',
    path: ['confirmPassword'],
  })
  .refine((value) => value.newPassword !== value.currentPassword, {
    message: 'The new password must differ from the current one',
    path: ['newPassword'],
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const TAG_MESSAGES = {
  empty: 'This field cannot be empty.',
  pattern: 'Only letters, numbers, and hyphens are allowed.',
  duplicate: 'This tag is already added.',
  max: 'max 3 tags allowed',
} as const;

export const tagSchema = z
  .string()
  .trim()
  .min(1, TAG_MESSAGES.empty)
  .max(LIMITS.tagLength, `A tag may have at most ${LIMITS.tagLength} characters`)
  .regex(/^[\p{L}\p{N}-]+$/u, TAG_MESSAGES.pattern);

export const MEDIA_REQUIRED_MESSAGE = 'Either an image or a video is required';

/** The spec's image messages; the limit in the text is LIMITS.imageBytes. */
export const IMAGE_MESSAGES = {
  tooLarge: `Image size should not exceed ${LIMITS.imageBytes / 1024}KB`,
  unsupported: 'Unsupported file format',
  unreadable: 'Image file is damaged or incomplete',
  tooManyPixels: `Image dimensions should not exceed ${LIMITS.imagePixels / 1_000_000} megapixels`,
} as const;

const status = z.preprocess(
  (value) =>
    value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value,
  z.boolean({ error: 'Status is required' }),
);

/** `true`/`false` as a boolean or its text form (multipart fields are text). */
const flag = z.preprocess(
  (value) =>
    value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value,
  z.boolean({ error: 'must be true or false' }),
);

/**
 * When an article is published (decision 085): an ISO 8601 instant with its offset, stored in UTC;
 * `''` or `null` means "now". In the future it is scheduled, in the past it is dated then.
 */
const publishAt = z.preprocess(
  (value) => (value === '' || value === 'null' ? null : value),
  z.iso
    .datetime({ offset: true, error: PUBLISH_MESSAGES.publishAt })
    .transform((value) => new Date(value).toISOString())
    .nullable()
    .optional(),
);

/**
 * The authors of an article, in byline order (decision 103): a list of staff ids, a JSON list in
 * text, or one comma-separated text (as a form sends it); blank pieces are dropped.
 */
export function authorIdsValue(value: unknown): unknown {
  if (value === null || value === undefined) return value;
  const pieces = (text: string): unknown[] => {
    const trimmed = text.trim();
    if (trimmed.startsWith('[')) {
      try {
        const list: unknown = JSON.parse(trimmed);
        if (Array.isArray(list)) return list;
      } catch {
        // Not a JSON list: read as comma-separated text.
      }
    }
    return trimmed.split(',');
  };
  const list = typeof value === 'string' ? pieces(value) : Array.isArray(value) ? value : null;
  if (!list) return value;
  return list
    .flatMap((item) => (typeof item === 'string' ? pieces(item) : [item]))
    .map((item) => (typeof item === 'string' ? item.trim() : item))
    .filter((item) => item !== '');
}

export const AUTHOR_MESSAGES = {
  none: 'Name at least one author',
  tooMany: `An article may name at most ${LIMITS.maxAuthors} authors`,
  twice: 'An author is named twice',
} as const;

const authorIds = z.preprocess(
  authorIdsValue,
  z
    .array(z.string({ error: 'authorIds must be staff ids' }).max(100), {
      error: 'authorIds must be a list of staff ids or a comma-separated text',
    })
    .min(1, AUTHOR_MESSAGES.none)
    .max(LIMITS.maxAuthors, AUTHOR_MESSAGES.tooMany)
    .refine((ids) => new Set(ids).size === ids.length, AUTHOR_MESSAGES.twice)
    .optional(),
);

const blankAsMissing = (value: unknown) =>
  value === '' || value === 'undefined' || value === null ? undefined : value;
const blankAsNull = (value: unknown) => (value === '' || value === 'null' ? null : value);

export const DESK_MESSAGES = {
  stage: `stage must be one of ${STAGES.join(', ')}`,
  dueAt: 'dueAt must be a date and time with its offset, such as 2026-01-31T12:00:00Z',
  version: 'version must be a whole number from 1',
  note: `A note may be at most ${LIMITS.deskNote} characters`,
} as const;

/**
 * The desk's fields of a write (decisions 106, 107): the stage to move to, the one person it is
 * assigned to (`null` or '' for nobody), when it is due, the note of a stage move, and the
 * version the writer read. Each absent: as it was.
 */
function deskFields() {
  return {
    stage: z.preprocess(blankAsMissing, z.enum(STAGES, { error: DESK_MESSAGES.stage }).optional()),
    assigneeId: z.preprocess(
      blankAsNull,
      z
        .string({ error: 'assigneeId must be a staff id' })
        .trim()
        .min(1)
        .max(100)
        .nullable()
        .optional(),
    ),
    dueAt: z.preprocess(
      blankAsNull,
      z.iso
        .datetime({ offset: true, error: DESK_MESSAGES.dueAt })
        .transform((value) => new Date(value).toISOString())
        .nullable()
        .optional(),
    ),
    note: z.preprocess(
      blankAsMissing,
      z
        .string({ error: 'note must be text' })
        .trim()
        .max(LIMITS.deskNote, DESK_MESSAGES.note)
        .optional(),
    ),
    version: z.preprocess(
      blankAsMissing,
      z.coerce
        .number({ error: DESK_MESSAGES.version })
        .int(DESK_MESSAGES.version)
        .min(1, DESK_MESSAGES.version)
        .optional(),
    ),
  };
}

/**
 * Live coverage (decision 115): `live` makes the article a live page, `liveEndedAt` ends its
 * coverage (`null` or '' resumes it). Each absent: as it was (not live on a create).
 */
function liveFields() {
  return {
    live: flag.optional(),
    liveEndedAt: z.preprocess(
      blankAsNull,
      z.iso
        .datetime({ offset: true, error: LIVE_MESSAGES.liveEndedAt })
        .transform((value) => new Date(value).toISOString())
        .nullable()
        .optional(),
    ),
  };
}

/** Every field of a news article but the image file, as the server and both forms validate it. */
export const newsFieldsSchema = z.object({
  title: requiredText('Title is required')
    .min(LIMITS.title.min, `Title must be at least ${LIMITS.title.min} characters`)
    .max(LIMITS.title.max, `Title must be at most ${LIMITS.title.max} characters`),
  slug: requiredText('Slug is required')
    .min(LIMITS.slug.min, `Slug must be at least ${LIMITS.slug.min} characters`)
    .max(LIMITS.slug.max, `Slug must be at most ${LIMITS.slug.max} characters`)
    .regex(/^[\p{L}\p{N}_-]+$/u, 'Slug may contain only letters, numbers, hyphens and underscores'),
  description: requiredText('Description is required')
    .min(
      LIMITS.description.min,
      `Description must be at least ${LIMITS.description.min} characters`,
    )
    .max(LIMITS.description.max, 'Description is too long'),
  metaDescription: requiredText('Meta description is required')
    .min(
      LIMITS.metaDescription.min,
      `Meta description must be at least ${LIMITS.metaDescription.min} characters`,
    )
    .max(
      LIMITS.metaDescription.max,
      `Meta description must be at most ${LIMITS.metaDescription.max} characters`,
    ),
  alt: requiredText('Alt text is required')
    .min(LIMITS.alt.min, `Alt text must be at least ${LIMITS.alt.min} characters`)
    .max(LIMITS.alt.max, `Alt text must be at most ${LIMITS.alt.max} characters`),
  tags: z
    .array(tagSchema, { error: 'tags must be a list of text' })
    .max(LIMITS.maxTags, TAG_MESSAGES.max)
    .refine((tags) => new Set(tags.map((t) => t.toLowerCase())).size === tags.length, {
      message: TAG_MESSAGES.duplicate,
    })
    .default([]),
  videoURL: z
    .string({ error: 'Enter a valid URL' })
    .trim()
    .refine((value) => value === '' || isHttpUrl(value), 'Enter a valid URL')
    .default(''),
  status,
  categoryId: requiredText('Category is required'),
  subCategoryId: optionalId.default(null),
  publisherId: requiredText('Publisher is required'),
  anchorId: optionalId.default(null),
  /** Saved without being published; absent on an update: as it was. */
  draft: flag.optional(),
  publishAt,
  /** Absent: the creator on a create, unchanged on an update (decision 103). */
  authorIds,
  ...deskFields(),
  ...liveFields(),
});
export type NewsFields = z.infer<typeof newsFieldsSchema>;

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * A page number or size as clients send it: absent, empty, `null` or the texts "undefined" and
 * "null" (what a client writes for a value it does not have) mean none was given.
 */
export function pagingValue(value: unknown): unknown {
  if (value === null) return undefined;
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return trimmed === '' || trimmed === 'undefined' || trimmed === 'null' ? undefined : value;
}

const pageNumber = z.coerce
  .number({ error: 'page must be a number' })
  .int('page must be a whole number')
  .min(1, 'page must be at least 1');

const pageSize = (fallback: number) =>
  z.preprocess(
    pagingValue,
    z.coerce
      .number({ error: 'limit must be a number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(100, 'limit must be at most 100')
      .default(fallback),
  );

/** A page of a list; a page not given is the first. */
export const pageQuerySchema = z.object({
  page: z.preprocess(pagingValue, pageNumber.default(1)),
  limit: pageSize(10),
});
/** The same, with another page size. */
export const pageQueryOf = (limit: number) => pageQuerySchema.extend({ limit: pageSize(limit) });

/**
 * The sub-category list: a page of it, or every sub-category when no page is given (a news form
 * asks for them all to pick from, as `page=undefined`).
 */
export const subCategoryListQuerySchema = z.object({
  page: z.preprocess(pagingValue, pageNumber.optional()),
  limit: pageSize(PAGE_SIZE.subCategories),
});
export type SubCategoryListQuery = z.infer<typeof subCategoryListQuerySchema>;
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** A news update: the fields of a create, plus `removeImage` to drop the stored image. */
export const newsUpdateFieldsSchema = newsFieldsSchema.extend({
  removeImage: flag.default(false),
});
export type NewsUpdateFields = z.infer<typeof newsUpdateFieldsSchema>;

/** The id of a record sent in a body or query string (`id` or `_id`). */
export const idInputSchema = z.preprocess(
  (value) =>
    value && typeof value === 'object' && !('id' in value) && '_id' in value
      ? { id: (value as { _id: unknown })._id }
      : value,
  z.object({ id: requiredText('id is required') }),
);

/** A public filter by name: empty, absent or the literal "null" means no filter. */
export function nameFilterValue(value: unknown): unknown {
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return trimmed === '' || trimmed === 'null' ? undefined : trimmed;
  }
  return value === null ? undefined : value;
}

const nameFilter = z.preprocess(
  nameFilterValue,
  z.string({ error: 'filters must be text' }).max(LIMITS.name.max).optional(),
);

export const publicNewsQuerySchema = pageQueryOf(PAGE_SIZE.publicNews).extend({
  category: nameFilter,
  subcategory: nameFilter,
  publisher: nameFilter,
  anchor: nameFilter,
});
export type PublicNewsQuery = z.infer<typeof publicNewsQuerySchema>;

const excludeSlug = z.preprocess(
  nameFilterValue,
  z.string({ error: 'exclude must be a slug' }).max(LIMITS.slug.max).optional(),
);

export const relatedNewsQuerySchema = z.object({ category: nameFilter, exclude: excludeSlug });

export const latestNewsQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(20, 'limit must be at most 20')
    .default(READ_ALSO_COUNT),
  exclude: excludeSlug,
});

/**
 * GET /u/search: the reader's words (trimmed, 1 to 200 characters) and a page of results sized
 * like the public list. The words are only ever matched as words, never as query syntax.
 */
export const searchQuerySchema = pageQueryOf(PAGE_SIZE.publicNews).extend({
  q: z
    .string({ error: SEARCH_MESSAGES.empty })
    .trim()
    .min(1, SEARCH_MESSAGES.empty)
    .max(LIMITS.searchQuery.max, SEARCH_MESSAGES.tooLong),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** `GET /news/get`: a page of the admin list, of one stage and/or of the person's own desk. */
export const adminNewsQuerySchema = pageQueryOf(PAGE_SIZE.adminNews).extend({
  stage: z.preprocess(blankAsMissing, z.enum(STAGES, { error: DESK_MESSAGES.stage }).optional()),
  assignee: z.preprocess(
    blankAsMissing,
    z.literal('me', { error: 'assignee may only be "me"' }).optional(),
  ),
});
export type AdminNewsQuery = z.infer<typeof adminNewsQuerySchema>;
