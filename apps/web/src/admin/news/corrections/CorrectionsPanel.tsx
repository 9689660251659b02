import { useState } from 'react';
import {
  CORRECTION_KIND_NAMES,
  reachOf,
  type CorrectionNote,
  type StaffRef,
} from '@newsroom/contract';
import { useAuth } from '../../../lib/auth-store.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useMe } from '../../lib/me.ts';
import { useAdminMutation } from '../../lib/use-admin-mutation.ts';
import { Button } from '../../ui/Button.tsx';
import { addCorrection, amendCorrection, correctionsKey, useCorrections } from './api.ts';
import { NoteForm } from './NoteForm.tsx';

interface CorrectionsPanelProps {
  newsId: string;
  authors: StaffRef[];
  /** Public now: only then does it take new notes. */
  published: boolean;
}

/** Whether the signed-in person may add and amend this article's notes (the role table). */
function useMayCorrect(authors: StaffRef[]): boolean {
  const auth = useAuth();
  const me = useMe();
  if (!auth) return false;
  const reach = reachOf(auth.role, 'news.correct');
  if (reach === 'any') return true;
  return reach === 'own' && authors.some((author) => author._id === me.data?._id);
}

/**
 * The editor's Corrections panel (decision 112): the article's notes, newest first, each with
 * its earlier texts; adding a correction or an update note to a published article, and amending
 * a note, for those the role table lets. Notes are never removed.
 */
export function CorrectionsPanel({ newsId, authors, published }: CorrectionsPanelProps) {
  const notes = useCorrections(newsId);
  const mayCorrect = useMayCorrect(authors);
  const invalidates = [correctionsKey(newsId)];
  const add = useAdminMutation({
    mutationFn: (note: Parameters<typeof addCorrection>[1]) => addCorrection(newsId, note),
    invalidates,
  });

  return (
    <section
      aria-labelledby="corrections-panel-title"
      className="mt-10 rounded-lg border border-slate-200 bg-white p-5"
    >
      <h2 id="corrections-panel-title" className="text-lg font-bold text-slate-900">
        Corrections and updates
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Readers see every note on the article, newest first, and on the corrections page. A note can
        be amended, never removed: its earlier texts stay in its history.
      </p>
      {notes.isPending ? (
        <p className="mt-4 text-sm text-slate-600">Loading...</p>
      ) : notes.isError ? (
        <p className="mt-4 text-sm text-slate-700">{notes.error.message}</p>
      ) : notes.data.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">No notes yet.</p>
      ) : (
        <ol className="mt-4 space-y-4" aria-label="Notes">
          {notes.data.map((note) => (
            <NoteItem key={note._id} newsId={newsId} note={note} mayAmend={mayCorrect} />
          ))}
        </ol>
      )}
      {mayCorrect &&
        (published ? (
          <div className="mt-6 border-t border-slate-200 pt-4">
            <h3 className="mb-2 text-sm font-bold text-slate-900">Add a note</h3>
            <NoteForm pending={add.isPending} onSubmit={(note) => add.mutateAsync(note)} />
          </div>
        ) : (
          <p className="mt-4 text-sm text-slate-600">
            Notes can be added once the article is published.
          </p>
        ))}
    </section>
  );
}

function NoteItem({
  newsId,
  note,
  mayAmend,
}: {
  newsId: string;
  note: CorrectionNote;
  mayAmend: boolean;
}) {
  const [amending, setAmending] = useState(false);
  const amend = useAdminMutation({
    mutationFn: (text: string) => amendCorrection(newsId, note._id, text),
    invalidates: [correctionsKey(newsId)],
    onSuccess: () => setAmending(false),
  });
  const earlier = note.versions.slice(0, -1).reverse();
  return (
    <li className="rounded-md border border-slate-200 p-3">
      <p className="text-sm text-slate-600">
        <span className="font-semibold text-slate-900">{CORRECTION_KIND_NAMES[note.kind]}</span>
        {' · '}
        <time dateTime={note.createdAt}>{formatDateTime(note.createdAt)}</time>
        {' · '}
        {note.by.name}
        {note.updatedAt !== note.createdAt && <> · amended {formatDateTime(note.updatedAt)}</>}
      </p>
      {amending ? (
        <div className="mt-2">
          <NoteForm
            amend={{ kind: note.kind, text: note.text }}
            pending={amend.isPending}
            onSubmit={({ text }) => amend.mutateAsync(text)}
            onCancel={() => setAmending(false)}
          />
        </div>
      ) : (
        <p className="mt-1 whitespace-pre-line text-slate-800">{note.text}</p>
      )}
      {earlier.length > 0 && (
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer text-slate-700">
            Earlier texts ({earlier.length})
          </summary>
          <ol className="mt-2 space-y-2" aria-label="Earlier texts">
            {earlier.map((version) => (
              <li key={version.at} className="border-l-2 border-slate-300 pl-3">
                <p className="text-xs text-slate-500">
                  <time dateTime={version.at}>{formatDateTime(version.at)}</time> ·{' '}
                  {version.by.name}
                </p>
                <p className="whitespace-pre-line text-slate-700">{version.text}</p>
              </li>
            ))}
          </ol>
        </details>
      )}
      {mayAmend && !amending && (
        <Button variant="secondary" className="mt-2" onClick={() => setAmending(true)}>
          Amend
        </Button>
      )}
    </li>
  );
}
