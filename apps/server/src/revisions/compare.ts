import { diffWords } from 'diff';
import { htmlToText, type FieldComparison, type Revision } from '@newsroom/contract';

/** The fields a comparison shows, in the editor's order, each as text. */
const FIELDS: [string, (revision: Revision) => string][] = [
  ['title', (r) => r.title],
  ['slug', (r) => r.slug],
  ['metaDescription', (r) => r.metaDescription],
  // The body compared as its text: what a reader reads, not its markup.
  ['body', (r) => htmlToText(r.description)],
  ['tags', (r) => r.tags.join(', ')],
  ['category', (r) => r.category.name],
  ['subCategory', (r) => r.subCategory?.name ?? ''],
  ['publisher', (r) => r.publisher.name],
  ['anchor', (r) => r.anchor?.name ?? ''],
  ['image', (r) => r.image ?? ''],
  ['alt', (r) => r.alt],
  ['videoURL', (r) => r.videoURL],
  ['status', (r) => (r.status ? 'active' : 'inactive')],
  ['publication', (r) => (r.draft ? 'draft' : `published ${r.publishedAt}`)],
  ['authors', (r) => r.authors.map((author) => author.name).join(', ')],
];

/** Every field of two revisions, word by word: what stayed, what went, what came. */
export function compareRevisions(from: Revision, to: Revision): FieldComparison[] {
  return FIELDS.map(([field, textOf]) => {
    const before = textOf(from);
    const after = textOf(to);
    if (before === after) {
      return { field, changes: before === '' ? [] : [{ op: 'equal' as const, text: before }] };
    }
    return {
      field,
      changes: diffWords(before, after).map((change) => ({
        op: change.added
          ? ('insert' as const)
          : change.removed
            ? ('delete' as const)
            : ('equal' as const),
        text: change.value,
      })),
    };
  });
}
