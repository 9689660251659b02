import { CORRECTION_KIND_NAMES } from '@newsroom/contract';
import { paths } from '../../lib/paths.ts';
import { hasOlderCorrections, useCorrections } from '../api/corrections.ts';
import { formatDateTime } from '../format.ts';

/**
 * `/corrections`: every correction and update note of the site's articles, newest first, each
 * linked to its article; older and newer pages have addresses of their own (`?page=N`), with
 * the feed beside them (decision 112).
 */
export function CorrectionsPage({ page }: { page: number }) {
  const data = useCorrections(page);
  return (
    <>
      <header className="mb-8">
        <h1 className="text-3xl font-black tracking-tight text-slate-900">
          Corrections and updates
        </h1>
        <p className="mt-2 max-w-2xl text-slate-700">
          When we get something wrong we say so here, and on the article itself; when a story
          changes after it was published we note what changed.
        </p>
        <p className="mt-3 text-sm">
          <a href={paths.correctionsFeed()} className="text-slate-600 hover:underline">
            RSS feed of corrections and updates
          </a>
        </p>
      </header>
      {data.items.length === 0 ? (
        <p className="text-slate-600">No corrections or updates so far.</p>
      ) : (
        <ol className="mb-8 space-y-6" aria-label="Corrections and updates">
          {data.items.map((note) => (
            <li key={note._id} className="border-b border-slate-200 pb-5">
              <p className="text-sm text-slate-600">
                <span className="font-semibold tracking-wide text-red-700 uppercase">
                  {CORRECTION_KIND_NAMES[note.kind]}
                </span>
                <span aria-hidden="true"> · </span>
                <time dateTime={note.createdAt}>{formatDateTime(note.createdAt)}</time>
              </p>
              <h2 className="mt-1 text-lg font-bold text-slate-900">
                <a href={paths.article(note.article.slug)} className="hover:underline">
                  {note.article.title}
                </a>
              </h2>
              <p className="mt-1 whitespace-pre-line text-slate-800">{note.text}</p>
            </li>
          ))}
        </ol>
      )}
      <nav aria-label="Pages" className="flex justify-between text-sm font-semibold">
        {page > 1 ? (
          <a href={paths.corrections(page - 1)} rel="prev" className="text-red-700">
            ← Newer
          </a>
        ) : (
          <span />
        )}
        {hasOlderCorrections(data) && (
          <a href={paths.corrections(page + 1)} rel="next" className="text-red-700">
            Older →
          </a>
        )}
      </nav>
    </>
  );
}
