import { htmlToText, type Revision } from '@newsroom/contract';
import { formatDateTime } from '../../lib/format.ts';

/** Every field of one revision as it was saved. */
export function RevisionView({ revision }: { revision: Revision }) {
  const rows: [string, string][] = [
    ['Title', revision.title],
    ['Slug', revision.slug],
    ['Meta description', revision.metaDescription],
    ['Tags', revision.tags.join(', ')],
    ['Category', revision.category.name],
    ['Sub category', revision.subCategory?.name ?? '—'],
    ['Publisher', revision.publisher.name],
    ['Anchor', revision.anchor?.name ?? '—'],
    ['Image', revision.image ?? '—'],
    ['Alt text', revision.alt],
    ['Video URL', revision.videoURL || '—'],
    ['Status', revision.status ? 'active' : 'inactive'],
    ['Publication', revision.draft ? 'draft' : formatDateTime(revision.publishedAt)],
    ['Authors', revision.authors.map((author) => author.name).join(', ') || '—'],
    ['Body', htmlToText(revision.description)],
  ];
  return (
    <dl aria-label={`Revision ${revision.number}`} className="grid gap-2">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt className="text-xs font-semibold uppercase text-slate-500">{label}</dt>
          <dd className="whitespace-pre-wrap text-sm text-slate-800">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
