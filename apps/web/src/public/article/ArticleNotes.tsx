import { CORRECTION_KIND_NAMES, type PublicCorrection } from '@newsroom/contract';
import { paths } from '../../lib/paths.ts';
import { formatDateTime } from '../format.ts';

/**
 * An article's corrections and update notes, newest first, each with its time, and a link to
 * every correction of the site (decision 112). Plain text: React escapes it.
 */
export function ArticleNotes({ notes }: { notes: PublicCorrection[] }) {
  if (notes.length === 0) return null;
  return (
    <section
      id="corrections"
      aria-labelledby="corrections-title"
      className="mt-8 rounded-lg border border-amber-300 bg-amber-50 p-4"
    >
      <h2 id="corrections-title" className="text-lg font-bold text-slate-900">
        Corrections and updates
      </h2>
      <ol className="mt-2 space-y-3">
        {notes.map((note) => (
          <li key={`${note.createdAt}-${note.kind}`}>
            <p className="text-sm text-slate-600">
              <span className="font-semibold text-slate-900">
                {CORRECTION_KIND_NAMES[note.kind]}
              </span>
              <span aria-hidden="true"> · </span>
              <time dateTime={note.createdAt}>{formatDateTime(note.createdAt)}</time>
            </p>
            <p className="mt-1 whitespace-pre-line text-slate-800">{note.text}</p>
          </li>
        ))}
      </ol>
      <p className="mt-3 text-sm">
        <a href={paths.corrections()} className="text-red-700 hover:underline">
          All corrections and updates
        </a>
      </p>
    </section>
  );
}
