import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { adminKeys } from '../lib/query-keys.ts';
import { CoverageControl } from './CoverageControl.tsx';

interface LiveFieldsProps {
  live: boolean;
  onLive: (live: boolean) => void;
  /** When the stored article's coverage ended, or null. */
  endedAt: string | null;
  /** The stored article, when it is saved as a live page: its desk can be opened. */
  liveArticleId?: string | undefined;
}

/**
 * The editor's live coverage (decision 115): the "Live page" switch (saved with the article), and
 * for a saved live page a link to its live desk and its coverage, ended or resumed at once. Shown
 * only to those the role table lets run live pages.
 */
export function LiveFields({ live, onLive, endedAt, liveArticleId }: LiveFieldsProps) {
  const id = useId();
  const queryClient = useQueryClient();
  const [ended, setEnded] = useState(endedAt);
  return (
    <fieldset className="mb-4 rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-700">Live coverage</legend>
      <div className="flex flex-wrap items-center gap-3">
        <span id={`${id}-live`} className="text-sm text-slate-800">
          Live page
        </span>
        <button
          type="button"
          role="switch"
          aria-checked={live}
          aria-labelledby={`${id}-live`}
          aria-describedby={`${id}-hint`}
          onClick={() => onLive(!live)}
          className={`relative inline-flex h-7 w-12 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 ${live ? 'bg-red-700' : 'bg-slate-400'}`}
        >
          <span
            className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform ${live ? 'translate-x-6' : 'translate-x-1'}`}
          />
        </button>
        {liveArticleId && live ? (
          <Link
            className="ml-auto text-sm font-semibold text-red-700 hover:underline"
            to={paths.admin.liveDesk(liveArticleId)}
          >
            Open the live desk
          </Link>
        ) : null}
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
        A stream of short entries, newest first, that readers’ open pages receive as they are
        posted.
      </p>
      {live && liveArticleId ? (
        <div className="mt-3">
          <CoverageControl
            newsId={liveArticleId}
            endedAt={ended}
            onChanged={(at) => {
              setEnded(at);
              void queryClient.invalidateQueries({ queryKey: adminKeys.news });
            }}
          />
        </div>
      ) : null}
    </fieldset>
  );
}
