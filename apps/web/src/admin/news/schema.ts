import {
  IMAGE_MESSAGES,
  LIMITS,
  MEDIA_REQUIRED_MESSAGE,
  newsFieldsSchema,
  tagList,
  type NewsDto,
  type Stage,
} from '@newsroom/contract';
import { z } from 'zod';
import {
  instantOf,
  isLocalInput,
  localInputOf,
  modeOfStage,
  publicationState,
  stageOfMode,
} from './publication.ts';

/** What the publish control says when "Schedule at" has no whole date and time. */
export const SCHEDULE_TIME_REQUIRED = 'Choose the date and time to publish at';

/** The size and type checks an image passes before it is uploaded; null when it is fine. */
export function imageFileError(file: File): string | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  const typeOk = (LIMITS.imageTypes as readonly string[]).includes(file.type);
  const extensionOk = (LIMITS.imageExtensions as readonly string[]).includes(extension);
  // The declared type decides; a file without one is judged by its name.
  if (!(typeOk || (file.type === '' && extensionOk))) return IMAGE_MESSAGES.unsupported;
  if (file.size > LIMITS.imageBytes) return IMAGE_MESSAGES.tooLarge;
  return null;
}

/**
 * The news form: the server's field schema, plus the image the admin picked and the stored image
 * an edit keeps, with the rule that an article has an image or a video.
 */
export const newsFormSchema = newsFieldsSchema
  .extend({
    image: z
      .custom<File | null>((value) => value === null || value instanceof File)
      .superRefine((file, ctx) => {
        const error = file ? imageFileError(file) : null;
        if (error) ctx.addIssue({ code: 'custom', message: error });
      }),
    keptImageURL: z.string().nullable(),
    publishMode: z.enum(['now', 'schedule', 'draft', 'in_review', 'ready', 'unpublished']),
    /** The "Schedule at" time as the date-time input holds it, in the site's zone. */
    publishAtLocal: z.string(),
    /** The desk (decision 106): whom it is assigned to ('' nobody), when it is due, a move's note. */
    assigneeId: z.string(),
    dueAtLocal: z.string(),
    note: z.string().max(LIMITS.deskNote, `A note may be at most ${LIMITS.deskNote} characters`),
    /**
     * Live coverage (decision 115): a live page or not (left out for a person whose role may not
     * run live pages: the article stays as it is), and when the stored article's coverage ended
     * (shown; it is ended and resumed by its own call, at the server's time).
     */
    live: z.boolean().optional(),
    liveEndedAt: z.string().nullable(),
  })
  .refine((value) => Boolean(value.image || value.keptImageURL || value.videoURL?.trim()), {
    path: ['image'],
    message: MEDIA_REQUIRED_MESSAGE,
    when: () => true,
  })
  .refine((value) => value.publishMode !== 'schedule' || isLocalInput(value.publishAtLocal), {
    path: ['publishAtLocal'],
    message: SCHEDULE_TIME_REQUIRED,
    when: () => true,
  });

export type NewsFormInput = z.input<typeof newsFormSchema>;
export type NewsFormOutput = z.output<typeof newsFormSchema>;

/** The spec's default form state. */
export const emptyNewsForm: NewsFormInput = {
  title: '',
  slug: '',
  description: '',
  metaDescription: '',
  alt: '',
  videoURL: '',
  categoryId: '',
  subCategoryId: '',
  publisherId: '',
  anchorId: '',
  tags: [],
  status: true,
  image: null,
  keptImageURL: null,
  publishMode: 'now',
  publishAtLocal: '',
  assigneeId: '',
  dueAtLocal: '',
  note: '',
  live: false,
  liveEndedAt: null,
};

/** An article as the back office reads it; the desk's fields may be missing (an older read). */
export type EditedNews = NewsDto &
  Partial<{
    stage: Stage;
    version: number;
    assignee: { _id: string; name: string } | null;
    dueAt: string | null;
  }>;

/** Where an article stands on the desk; from its publication when the read has no stage. */
export function stageOfNews(item: EditedNews): Stage {
  return item.stage ?? publicationState(item);
}

/** The form of a stored article; its publication time shown in `timeZone`. */
export function formFromNews(item: EditedNews, timeZone: string): NewsFormInput {
  return {
    title: item.title,
    slug: item.slug,
    description: item.description,
    metaDescription: item.metaDescription,
    alt: item.alt,
    videoURL: item.videoURL ?? '',
    categoryId: item.categoryId,
    subCategoryId: item.subCategoryId ?? '',
    publisherId: item.publisherId,
    anchorId: item.anchorId ?? '',
    tags: tagList(item.tags ?? []),
    status: item.status,
    image: null,
    keptImageURL: item.Image?.ImageURL ?? null,
    publishMode: modeOfStage(stageOfNews(item)),
    publishAtLocal: item.publishAt ? localInputOf(item.publishAt, timeZone) : '',
    assigneeId: item.assignee?._id ?? '',
    dueAtLocal: item.dueAt ? localInputOf(item.dueAt, timeZone) : '',
    note: '',
    live: item.live ?? false,
    liveEndedAt: item.liveEndedAt ?? null,
  };
}

/**
 * The multipart body of a create or update. The image goes only when one was picked, so an edit
 * keeps the stored one; removing it is said explicitly. A scheduled time is read in `timeZone`
 * and sent as an instant; "publish now" on a published article keeps its date (the server's rule).
 */
export function toFormData(
  values: NewsFormOutput,
  removeImage: boolean,
  timeZone: string,
  /** The version the editor opened (decision 107); none for a new article. */
  version?: number,
): FormData {
  const form = new FormData();
  form.set('title', values.title);
  form.set('slug', values.slug);
  form.set('description', values.description);
  form.set('metaDescription', values.metaDescription);
  form.set('alt', values.alt);
  // One field per tag; none when there are no tags (the server reads that as an empty list).
  for (const tag of values.tags) form.append('tags', tag);
  form.set('videoURL', values.videoURL);
  form.set('status', String(values.status));
  form.set('categoryId', values.categoryId);
  form.set('subCategoryId', values.subCategoryId ?? '');
  form.set('publisherId', values.publisherId);
  form.set('anchorId', values.anchorId ?? '');
  const stage = stageOfMode(values.publishMode);
  const released = stage === 'published' || stage === 'scheduled';
  form.set('draft', String(!released));
  form.set(
    'publishAt',
    values.publishMode === 'schedule' ? instantOf(values.publishAtLocal, timeZone) : '',
  );
  // The desk's stages are said by name; published and scheduled follow from the fields above.
  if (!released) form.set('stage', stage);
  form.set('assigneeId', values.assigneeId);
  form.set('dueAt', isLocalInput(values.dueAtLocal) ? instantOf(values.dueAtLocal, timeZone) : '');
  if (values.note.trim()) form.set('note', values.note.trim());
  if (version !== undefined) form.set('version', String(version));
  if (values.image) form.set('image', values.image);
  if (removeImage) form.set('removeImage', 'true');
  if (values.live !== undefined) form.set('live', String(values.live));
  // Only when the authors were changed: an unchanged article keeps its own (decision 103).
  if (values.authorIds && values.authorIds.length > 0) {
    form.set('authorIds', values.authorIds.join(','));
  }
  return form;
}
