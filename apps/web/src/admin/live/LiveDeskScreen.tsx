import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ACTION_NAMES, type LiveEntryView } from '@newsroom/contract';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { adminKeys } from '../lib/query-keys.ts';
import { newsItemQuery } from '../news/api.ts';
import { Button } from '../ui/Button.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { ScreenHeader } from '../ui/ScreenHeader.tsx';
import { changeEntry, deleteEntry, postEntry } from './api.ts';
import { CoverageControl } from './CoverageControl.tsx';
import { EntryComposer } from './EntryComposer.tsx';
import { EntryItem, entryName } from './EntryItem.tsx';
import { describeFailure } from './keyboard.ts';
import { useMayRunLive } from './may-run-live.ts';
import { useLiveEntries } from './use-live-entries.ts';

const linkClass = 'font-semibold text-red-700 hover:underline';

/** The live desk of one article (`/news/live/:id`): loads it, then the desk if it is live. */
export function LiveDeskScreen() {
  const { id = '' } = useParams();
  const item = useQuery(newsItemQuery(id));
  const mayRun = useMayRunLive(item.data?.authors ?? []);
  const queryClient = useQueryClient();
  /** Coverage resumed here: the desk starts over, its stream open again. */
  const [resumed, setResumed] = useState(0);
  return (
    <section>
      <ScreenHeader
        title="Live desk"
        action={
          <Link className={linkClass} to={paths.admin.newsUpdate(id)}>
            Open the article in the editor
          </Link>
        }
      />
      {item.isPending || (item.isSuccess && mayRun === undefined) ? (
        <p className="text-slate-600">Loading...</p>
      ) : item.isError ? (
        <p className="text-slate-700">
          {item.error.message}.{' '}
          <Link className={linkClass} to={paths.admin.newsTable()}>
            Back to the news table
          </Link>
        </p>
      ) : !mayRun ? (
        <p className="text-slate-700">Your role may not {ACTION_NAMES['news.live']}.</p>
      ) : !item.data.live ? (
        <p className="text-slate-700">
          “{item.data.title}” is not a live page. Turn on “Live page” in the editor to cover it
          live.
        </p>
      ) : (
        <LiveDesk
          key={`${item.data.slug}:${resumed}`}
          newsId={item.data._id}
          slug={item.data.slug}
          isPublic={item.data.stage === 'published'}
          title={item.data.title}
          endedAt={item.data.liveEndedAt ?? null}
          onResumed={() => {
            queryClient.setQueryData(adminKeys.newsItem(id), { ...item.data, liveEndedAt: null });
            void queryClient.invalidateQueries({ queryKey: adminKeys.news });
            setResumed((count) => count + 1);
          }}
        />
      )}
    </section>
  );
}

interface LiveDeskProps {
  newsId: string;
  slug: string;
  /** Readers can see it (published): the desk hears changes through its public stream. */
  isPublic: boolean;
  title: string;
  /** When coverage ended, as the article was read. */
  endedAt: string | null;
  onResumed: () => void;
}

/**
 * The desk: a composer on top, then the entries newest first, each edited in place, pinned, marked
 * as a key event or deleted. What anyone posts, changes or deletes shows at once (the live page's
 * event stream); nothing reloads.
 */
function LiveDesk({ newsId, slug, isPublic, title, endedAt, onResumed }: LiveDeskProps) {
  const live = useLiveEntries(newsId, slug, isPublic);
  const [endedHere, setEndedHere] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [toDelete, setToDelete] = useState<LiveEntryView | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [deleteProblem, setDeleteProblem] = useState<string | null>(null);
  const ended = live.endedAt ?? endedHere ?? endedAt;

  const remove = async (entry: LiveEntryView) => {
    setDeleting(true);
    setDeleteProblem(null);
    try {
      await deleteEntry(newsId, entry._id);
      live.apply({ type: 'deleted', id: entry._id });
      setAnnouncement('Entry deleted.');
    } catch (error) {
      setDeleteProblem(describeFailure(error));
    } finally {
      setDeleting(false);
      setToDelete(null);
      document.getElementById('live-entries-title')?.focus();
    }
  };

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-lg font-bold text-slate-900">{title}</h2>
          <p role="status" className="mt-1 text-sm text-slate-700">
            {ended
              ? 'The live page is frozen: entries can no longer be added or changed.'
              : !isPublic
                ? 'Not published yet: readers see these entries once it is. Entries others on the desk post show here within 10 seconds.'
                : live.connected
                  ? 'Live: entries by anyone on the desk show as they are posted.'
                  : 'Connecting to the live stream...'}
          </p>
        </div>
        <CoverageControl
          newsId={newsId}
          endedAt={ended}
          onChanged={(at) => (at ? setEndedHere(at) : onResumed())}
        />
      </div>
      {ended ? null : (
        <EntryComposer
          onPost={async (draft) => {
            const entry = await postEntry(newsId, draft);
            live.apply({ type: 'added', entry });
            setAnnouncement('Entry posted.');
          }}
        />
      )}
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <section aria-labelledby="live-entries-title">
        <h2
          id="live-entries-title"
          tabIndex={-1}
          className="mb-3 text-lg font-bold text-slate-900 focus:outline-none"
        >
          Entries ({live.count})
        </h2>
        {live.error || deleteProblem ? (
          <p role="alert" className="mb-3 text-sm text-red-700">
            {deleteProblem ?? live.error}
          </p>
        ) : null}
        {!live.loaded ? (
          <p className="text-slate-600">Loading...</p>
        ) : live.entries.length === 0 ? (
          live.error ? null : (
            <p className="text-slate-600">No entries yet.</p>
          )
        ) : (
          <ol aria-label="Entries, newest first" className="grid gap-3">
            {live.entries.map((entry) => (
              <li key={entry._id}>
                <EntryItem
                  entry={entry}
                  frozen={Boolean(ended)}
                  onChange={async (change) => {
                    const saved = await changeEntry(newsId, entry._id, change);
                    live.apply({ type: 'updated', entry: saved });
                    setAnnouncement('Entry saved.');
                  }}
                  onDelete={() => {
                    setDeleteProblem(null);
                    setToDelete(entry);
                  }}
                />
              </li>
            ))}
          </ol>
        )}
        {live.entries.length < live.count ? (
          <Button
            variant="secondary"
            className="mt-4"
            disabled={live.loadingOlder}
            onClick={live.loadOlder}
          >
            {live.loadingOlder ? 'Loading...' : 'Load older entries'}
          </Button>
        ) : null}
      </section>
      {toDelete ? (
        <ConfirmDialog
          title="Delete entry"
          message={`Delete the entry “${entryName(toDelete)}”? Readers' pages lose it at once.`}
          confirmLabel="Delete"
          pending={deleting}
          onConfirm={() => void remove(toDelete)}
          onCancel={() => setToDelete(null)}
        />
      ) : null}
    </div>
  );
}
