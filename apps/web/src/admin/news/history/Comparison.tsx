import type { RevisionComparison } from '@newsroom/contract';

/** Words of the editor's fields, as a comparison names them. */
export const FIELD_LABELS: Record<string, string> = {
  title: 'Title',
  slug: 'Slug',
  metaDescription: 'Meta description',
  body: 'Body',
  tags: 'Tags',
  category: 'Category',
  subCategory: 'Sub category',
  publisher: 'Publisher',
  anchor: 'Anchor',
  image: 'Image',
  alt: 'Alt text',
  videoURL: 'Video URL',
  status: 'Status',
  publication: 'Publication',
  authors: 'Authors',
};

/** The fields two revisions differ in, word by word: removals struck through, additions marked. */
export function Comparison({ comparison }: { comparison: RevisionComparison }) {
  const changed = comparison.fields.filter((field) =>
    field.changes.some((change) => change.op !== 'equal'),
  );
  if (changed.length === 0) return <p className="text-sm text-slate-600">No field changed.</p>;
  return (
    <dl aria-label="Comparison" className="grid gap-3">
      {changed.map((field) => (
        <div key={field.field}>
          <dt className="text-xs font-semibold uppercase text-slate-500">
            {FIELD_LABELS[field.field] ?? field.field}
          </dt>
          <dd className="whitespace-pre-wrap text-sm text-slate-800">
            {field.changes.map((change, i) =>
              change.op === 'insert' ? (
                <ins key={i} className="bg-green-100 text-green-900 no-underline">
                  {change.text}
                </ins>
              ) : change.op === 'delete' ? (
                <del key={i} className="bg-red-100 text-red-900">
                  {change.text}
                </del>
              ) : (
                <span key={i}>{change.text}</span>
              ),
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
