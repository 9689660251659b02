import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { RevisionSummary } from '@newsroom/contract';
import { formatDateTime } from '../../lib/format.ts';
import { adminKeys } from '../../lib/query-keys.ts';
import { useAdminMutation } from '../../lib/use-admin-mutation.ts';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import {
  HISTORY_PAGE_SIZE,
  restoreRevision,
  useComparison,
  useRevision,
  useRevisions,
} from './api.ts';
import { Comparison } from './Comparison.tsx';
import { RevisionView } from './RevisionView.tsx';

const KIND_WORDS: Record<RevisionSummary['kind'], string> = {
  save: 'saved',
  restore: 'restored',
  autosave: 'autosaved',
};

const label = (revision: RevisionSummary) =>
  `#${revision.number} · ${formatDateTime(revision.createdAt)} · ${revision.by.name}`;

/**
 * An article's history: its revisions, newest first; any of them shown whole; any two compared
 * word by word; and one restored (after asking) as a new revision, history left as it was. The
 * editor starts over from the article as restored.
 */
export function HistoryPanel({
  newsId,
  onRestored,
}: {
  newsId: string;
  /** Told once a restore is saved, so the editor starts over from it. */
  onRestored?: () => void;
}) {
  const [page, setPage] = useState(1);
  const revisions = useRevisions(newsId, page);
  const [viewing, setViewing] = useState<string | null>(null);
  const [pair, setPair] = useState({ from: '', to: '' });
  const [compared, setCompared] = useState<{ from: string; to: string } | null>(null);
  const [restoring, setRestoring] = useState<RevisionSummary | null>(null);
  const revision = useRevision(newsId, viewing);
  const comparison = useComparison(newsId, compared);
  const queryClient = useQueryClient();
  const restore = useAdminMutation({
    mutationFn: (revisionId: string) => restoreRevision(newsId, revisionId),
    invalidates: [adminKeys.news],
    onSuccess: (envelope) => {
      setRestoring(null);
      // The editor starts over from the article as restored.
      queryClient.setQueryData(adminKeys.newsItem(newsId), envelope.data);
      onRestored?.();
    },
  });

  const rows = revisions.data?.rows ?? [];
  const from = pair.from || rows[1]?._id || '';
  const to = pair.to || rows[0]?._id || '';

  return (
    <section
      aria-label="History"
      className="mt-6 rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 className="mb-3 text-lg font-semibold text-slate-800">History</h2>
      {revisions.isPending ? (
        <p className="text-slate-600">Loading...</p>
      ) : revisions.isError ? (
        <p className="text-slate-700">{revisions.error.message}</p>
      ) : (
        <>
          <ol aria-label="Revisions" className="mb-4 divide-y divide-slate-100">
            {rows.map((row) => (
              <li key={row._id} className="flex flex-wrap items-center gap-2 py-2 text-sm">
                <span className="grow">
                  {label(row)} · {row.stage} · {KIND_WORDS[row.kind]}
                </span>
                <Button variant="ghost" onClick={() => setViewing(row._id)}>
                  View #{row.number}
                </Button>
                <Button variant="secondary" onClick={() => setRestoring(row)}>
                  Restore #{row.number}
                </Button>
              </li>
            ))}
          </ol>
          <Pagination
            page={page}
            count={revisions.data.count}
            pageSize={HISTORY_PAGE_SIZE}
            onPage={setPage}
          />
          {rows.length > 1 && (
            <div className="mt-4 flex flex-wrap items-end gap-2">
              <RevisionSelect
                label="Compare from"
                rows={rows}
                value={from}
                onChange={(v) => setPair({ from: v, to })}
              />
              <RevisionSelect
                label="to"
                rows={rows}
                value={to}
                onChange={(v) => setPair({ from, to: v })}
              />
              <Button variant="secondary" onClick={() => setCompared({ from, to })}>
                Compare
              </Button>
            </div>
          )}
        </>
      )}
      {compared && (
        <div className="mt-4">
          {comparison.isPending ? (
            <p className="text-slate-600">Comparing...</p>
          ) : comparison.isError ? (
            <p className="text-slate-700">{comparison.error.message}</p>
          ) : (
            <Comparison comparison={comparison.data} />
          )}
        </div>
      )}
      {viewing && revision.data && (
        <div className="mt-4">
          <h3 className="mb-2 font-semibold text-slate-800">Revision #{revision.data.number}</h3>
          <RevisionView revision={revision.data} />
        </div>
      )}
      {restoring && (
        <ConfirmDialog
          title={`Restore revision #${restoring.number}?`}
          message="The article is saved with this revision's content, as a new revision; nothing in its history is lost. Changes not saved in the form are replaced."
          confirmLabel="Restore"
          pending={restore.isPending}
          onConfirm={() => restore.mutate(restoring._id)}
          onCancel={() => setRestoring(null)}
        />
      )}
    </section>
  );
}

interface RevisionSelectProps {
  label: string;
  rows: RevisionSummary[];
  value: string;
  onChange: (value: string) => void;
}

function RevisionSelect({ label: text, rows, value, onChange }: RevisionSelectProps) {
  return (
    <label className="text-sm text-slate-700">
      <span className="mb-1 block">{text}</span>
      <select
        className="rounded-md border border-slate-300 px-2 py-1"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {rows.map((row) => (
          <option key={row._id} value={row._id}>
            {label(row)}
          </option>
        ))}
      </select>
    </label>
  );
}
