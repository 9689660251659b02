import {
  IMAGE_MESSAGES,
  LIMITS,
  MEDIA_REQUIRED_MESSAGE,
  newsFieldsSchema,
  tagList,
  type NewsDto,
} from '@newsroom/contract';
import { z } from 'zod';

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
  })
  .refine((value) => Boolean(value.image || value.keptImageURL || value.videoURL?.trim()), {
    path: ['image'],
    message: MEDIA_REQUIRED_MESSAGE,
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
};

export function formFromNews(item: NewsDto): NewsFormInput {
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
  };
}

/**
 * The multipart body of a create or update. The image goes only when one was picked, so an edit
 * keeps the stored one; removing it is said explicitly.
 */
export function toFormData(values: NewsFormOutput, removeImage: boolean): FormData {
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
  if (values.image) form.set('image', values.image);
  if (removeImage) form.set('removeImage', 'true');
  return form;
}
