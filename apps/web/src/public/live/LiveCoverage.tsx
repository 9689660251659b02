import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { livePaths, publicPaths, type LiveKeyEvent } from '@newsroom/contract';
import { formatDateTime } from '../format.ts';
import { liveQuery, useLivePage, type LiveCursor } from './api.ts';
import { LiveEntryItem } from './LiveEntryItem.tsx';

/** Where a key event's link leads: the entry on this page, or the page that starts with it. */
function keyEventHref(slug: string, event: LiveKeyEvent, shown: Set<string>): string {
  return shown.has(event._id)
    ? `#${livePaths.entryAnchor(event._id)}`
    : livePaths.at(slug, event._id);
}

/**
 * A live page's coverage (decision 115): whether it goes on, its key events linking to their
 * entries, the pinned entries, then the entries newest first, 20 a page with a link to the older
 * ones that works without JavaScript. On the newest page of coverage that goes on, the browser
 * follows the page's event stream (live-client.ts, loaded only here) and applies each change.
 */
export function LiveCoverage({ slug, cursor }: { slug: string; cursor: LiveCursor }) {
  const page = useLivePage(slug, cursor);
  const queryClient = useQueryClient();
  const { coverage } = page;
  const newest = !cursor.before && !cursor.from;
  const following = newest && coverage.endedAt === null;
  const lastEventId = coverage.lastEventId;

  useEffect(() => {
    if (!following) return;
    let stop: (() => void) | null = null;
    let active = true;
    void import('./live-client.ts').then(({ followLive }) => {
      if (!active) return;
      const key = liveQuery(slug, cursor).queryKey;
      stop = followLive(slug, lastEventId, (change) =>
        queryClient.setQueryData(key, (current) => (current ? change(current) : current)),
      );
    });
    return () => {
      active = false;
      stop?.();
    };
    // The stream starts once per page: later changes of the page come through it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [following, slug]);

  const shown = new Set(page.data.map((entry) => entry._id));
  const last = page.data.at(-1);
  return (
    <section aria-labelledby="live-title" className="mt-8" data-live={slug}>
      <h2 id="live-title" className="flex items-center gap-2 text-xl font-bold text-slate-900">
        {coverage.endedAt === null ? (
          <>
            <span className="rounded bg-red-700 px-2 py-0.5 text-sm font-bold text-white uppercase">
              Live
            </span>
            Live coverage
          </>
        ) : (
          'Live coverage'
        )}
      </h2>
      {coverage.endedAt !== null && (
        <p className="mt-2 font-semibold text-slate-700" data-coverage-ended="">
          Coverage ended <time dateTime={coverage.endedAt}>{formatDateTime(coverage.endedAt)}</time>
        </p>
      )}
      {page.keyEvents.length > 0 && (
        <nav aria-labelledby="key-events-title" className="mt-4 rounded-lg bg-slate-50 p-4">
          <h3 id="key-events-title" className="font-bold text-slate-900">
            Key events
          </h3>
          <ol className="mt-2 space-y-1">
            {page.keyEvents.map((event) => (
              <li key={event._id}>
                <a href={keyEventHref(slug, event, shown)} className="text-red-700 hover:underline">
                  <time dateTime={event.createdAt} className="mr-2 text-slate-600">
                    {formatDateTime(event.createdAt)}
                  </time>
                  {event.headline}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      )}
      {newest && page.pinned.length > 0 && (
        <ol aria-label="Pinned entries" className="mt-6 space-y-6 rounded-lg bg-amber-50 p-4">
          {page.pinned.map((entry) => (
            <LiveEntryItem key={entry._id} entry={entry} pinned />
          ))}
        </ol>
      )}
      {!newest && (
        <p className="mt-4">
          <a href={publicPaths.article(slug)} className="text-red-700 hover:underline">
            Latest entries
          </a>
        </p>
      )}
      <ol aria-label="Entries" className="mt-6 space-y-8" data-entries="">
        {page.data.map((entry) => (
          <LiveEntryItem key={entry._id} entry={entry} />
        ))}
      </ol>
      {page.data.length === 0 && <p className="mt-6 text-slate-600">No entries yet.</p>}
      {page.hasOlder && last && (
        <p className="mt-8">
          <a
            href={livePaths.olderThan(slug, last._id)}
            rel="next"
            className="font-semibold text-red-700 hover:underline"
          >
            Older entries
          </a>
        </p>
      )}
    </section>
  );
}
