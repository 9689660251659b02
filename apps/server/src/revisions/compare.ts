import type { FieldComparison, Revision } from '@newsroom/contract';
import { blocksOf, compareBlocks, compareWords } from './text-diff.ts';

/** The fields a comparison shows besides the body, in the editor's order, each as text. */
const FIELDS: [string, (revision: Revision) => string][] = [
  ['title', (r) => r.title],
  ['slug', (r) => r.slug],
  ['metaDescription', (r) => r.metaDescription],
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

/**
 * Every field of two revisions, word by word: what stayed, what went, what came. The body is
 * compared as its text (what a reader reads, not its markup), third after the title and slug.
 */
export function compareRevisions(from: Revision, to: Revision): FieldComparison[] {
  const fields = FIELDS.map(([field, textOf]) => ({
    field,
    changes: compareWords(textOf(from), textOf(to)),
  }));
  const body = {
    field: 'body',
    changes: compareBlocks(blocksOf(from.description), blocksOf(to.description)),
  };
  return [...fields.slice(0, 3), body, ...fields.slice(3)];
}
