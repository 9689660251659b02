import { tagList } from '@newsroom/contract';
import { formFromNews, type EditedNews, type NewsFormOutput } from '../news/schema.ts';

/*
 * Merging two versions of an article field by field (decision 107): the person's unsaved edit
 * ("yours") and the version saved since ("theirs"). Nothing is lost: each field that differs is
 * shown both ways and kept from the side chosen.
 */

export type Side = 'mine' | 'theirs';

/** The parts of an article a merge chooses between, each one or more form fields. */
export const MERGE_FIELDS = [
  { key: 'title', label: 'Title', fields: ['title'] },
  { key: 'slug', label: 'Slug', fields: ['slug'] },
  { key: 'description', label: 'Body', fields: ['description'] },
  { key: 'metaDescription', label: 'Meta description', fields: ['metaDescription'] },
  { key: 'alt', label: 'Alt text', fields: ['alt'] },
  { key: 'tags', label: 'Tags', fields: ['tags'] },
  { key: 'videoURL', label: 'Video URL', fields: ['videoURL'] },
  { key: 'category', label: 'Category', fields: ['categoryId', 'subCategoryId'] },
  { key: 'publisherId', label: 'Publisher', fields: ['publisherId'] },
  { key: 'anchorId', label: 'Anchor', fields: ['anchorId'] },
  { key: 'status', label: 'Status', fields: ['status'] },
  { key: 'publication', label: 'Stage', fields: ['publishMode', 'publishAtLocal'] },
  { key: 'authorIds', label: 'Authors', fields: ['authorIds'] },
  { key: 'live', label: 'Live page', fields: ['live'] },
  { key: 'assignee', label: 'Assigned to', fields: ['assigneeId', 'dueAtLocal'] },
  { key: 'image', label: 'Image', fields: ['image', 'keptImageURL'] },
] as const satisfies readonly {
  key: string;
  label: string;
  fields: readonly (keyof NewsFormOutput)[];
}[];

export type MergeKey = (typeof MERGE_FIELDS)[number]['key'];

/** Your side of a conflict: the values you tried to save, and whether the image was removed. */
export interface MyVersion {
  values: NewsFormOutput;
  removeImage: boolean;
}

/** The form's values of the version saved since, its authors named in full. */
export function theirValues(theirs: EditedNews, timeZone: string): NewsFormOutput {
  const form = formFromNews(theirs, timeZone);
  return {
    ...(form as NewsFormOutput),
    tags: tagList(theirs.tags ?? []),
    subCategoryId: theirs.subCategoryId,
    anchorId: theirs.anchorId,
    authorIds: theirs.authors.map((author) => author._id),
    image: null,
  };
}

const comparable = (value: unknown) => JSON.stringify(value ?? null);

/** The parts where the two versions differ, in the order of the form. */
export function differences(mine: MyVersion, theirs: NewsFormOutput): MergeKey[] {
  return MERGE_FIELDS.filter(({ key, fields }) => {
    if (key === 'image') return mine.values.image !== null || mine.removeImage;
    // Authors left unchanged in your edit are the saved ones.
    if (key === 'authorIds' && mine.values.authorIds === undefined) return false;
    // Left out of your edit when your role may not run live pages: the saved one stands.
    if (key === 'live' && mine.values.live === undefined) return false;
    return fields.some(
      (field) =>
        comparable(normalised(field, mine.values[field])) !==
        comparable(normalised(field, theirs[field])),
    );
  }).map(({ key }) => key);
}

/** '' and null are the same "none" of an optional id. */
function normalised(field: keyof NewsFormOutput, value: unknown) {
  if ((field === 'subCategoryId' || field === 'anchorId') && value === '') return null;
  return value;
}

/**
 * The merged version: every part from the side chosen (yours where none is), the rest yours
 * (which equals theirs there). Returns the values to save and whether the image goes.
 */
export function merged(
  mine: MyVersion,
  theirs: NewsFormOutput,
  choices: Partial<Record<MergeKey, Side>>,
): MyVersion {
  const values: NewsFormOutput = { ...mine.values };
  let removeImage = mine.removeImage;
  for (const { key, fields } of MERGE_FIELDS) {
    if (choices[key] !== 'theirs') continue;
    for (const field of fields) Object.assign(values, { [field]: theirs[field] });
    if (key === 'image') removeImage = false;
  }
  return { values, removeImage };
}
