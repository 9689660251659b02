import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { LiveEnded, LiveEntryDeleted, LiveEntryView } from '@newsroom/contract';
import { ApiError, FALLBACK_ERROR } from '../../lib/api.ts';
import { fetchEntries, openLiveEvents } from './api.ts';
import { applyChange, noEntries, type DeskChange, type DeskEntries } from './entries.ts';

/** How long to wait before reading again a live page whose stream the browser gave up on. */
const REOPEN_MS = 3000;
/**
 * How often the desk of a live page readers cannot see yet (a draft, in review, scheduled) reads
 * its newest entries again: it has no public stream, and others on the desk post meanwhile.
 */
export const NOT_PUBLIC_REFRESH_MS = 10_000;

export interface LiveEntries extends DeskEntries {
  /** The newest page is read (or could not be: `error`). */
  loaded: boolean;
  error: string | null;
  /** The stream is open: what others post shows at once. */
  connected: boolean;
  loadingOlder: boolean;
  loadOlder: () => void;
  /** Puts in what the desk's own calls answered, before the stream echoes it. */
  apply: (change: DeskChange) => void;
}

const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : FALLBACK_ERROR;

const dataOf = <T>(event: Event) => JSON.parse((event as MessageEvent<string>).data) as T;

/**
 * The entries of the live page `newsId` (at `slug`), newest first, kept live: the newest page is
 * read, then the page's public event stream is opened from the change that page reached, so every
 * entry added, changed or deleted since, by anyone, arrives once. A dropped stream resumes where
 * it stopped (the browser sends `Last-Event-ID`); one the browser gave up on is read and opened
 * again a little later. A page readers cannot see yet (`isPublic` false) has no stream: its newest
 * entries are read again every NOT_PUBLIC_REFRESH_MS.
 */
export function useLiveEntries(newsId: string, slug: string, isPublic: boolean): LiveEntries {
  const [state, dispatch] = useReducer(applyChange, noEntries);
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [connected, setConnected] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const oldest = useRef<string | undefined>(undefined);
  oldest.current = state.entries.at(-1)?._id;

  useEffect(() => {
    const controller = new AbortController();
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let closed = false;
    const again = () => {
      timer = setTimeout(() => void start(), REOPEN_MS);
    };
    const listen = (lastEventId: string) => {
      const stream = openLiveEvents(slug, lastEventId);
      source = stream;
      const heard = (change: DeskChange) => {
        setConnected(true);
        dispatch(change);
      };
      stream.addEventListener('open', () => setConnected(true));
      stream.addEventListener('entry', (event) =>
        heard({ type: 'added', entry: dataOf<LiveEntryView>(event) }),
      );
      stream.addEventListener('entry-updated', (event) =>
        heard({ type: 'updated', entry: dataOf<LiveEntryView>(event) }),
      );
      stream.addEventListener('entry-deleted', (event) =>
        heard({ type: 'deleted', id: dataOf<LiveEntryDeleted>(event)._id }),
      );
      stream.addEventListener('ended', (event) => {
        dispatch({ type: 'ended', at: dataOf<LiveEnded>(event).liveEndedAt });
        closed = true;
        stream.close();
        setConnected(false);
      });
      stream.onerror = () => {
        setConnected(false);
        // The browser reconnects by itself unless it gave up on the stream.
        if (stream.readyState === EventSource.CLOSED && !closed) again();
      };
    };
    const start = async () => {
      try {
        const page = await fetchEntries(newsId, undefined, controller.signal);
        if (closed) return;
        dispatch({ type: isPublic ? 'page' : 'newest', entries: page.entries, count: page.count });
        setError(null);
        setLoaded(true);
        if (page.coverage?.endedAt) dispatch({ type: 'ended', at: page.coverage.endedAt });
        else if (!isPublic) timer = setTimeout(() => void start(), NOT_PUBLIC_REFRESH_MS);
        else if (page.coverage) listen(page.coverage.lastEventId);
      } catch (failure) {
        if (closed) return;
        setError(messageOf(failure));
        setLoaded(true);
        // A refusal (gone, not live, not theirs) stays one; anything else is tried again.
        if (!(failure instanceof ApiError && failure.status >= 400 && failure.status < 500)) {
          again();
        }
      }
    };
    void start();
    return () => {
      closed = true;
      controller.abort();
      clearTimeout(timer);
      source?.close();
    };
  }, [newsId, slug, isPublic]);

  const loadOlder = useCallback(() => {
    const before = oldest.current;
    if (!before) return;
    setLoadingOlder(true);
    fetchEntries(newsId, before)
      .then((page) => dispatch({ type: 'page', entries: page.entries, count: page.count }))
      .catch((failure: unknown) => setError(messageOf(failure)))
      .finally(() => setLoadingOlder(false));
  }, [newsId]);

  return { ...state, loaded, error, connected, loadingOlder, loadOlder, apply: dispatch };
}
