import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { LiveEnded, LiveEntryDeleted, LiveEntryView } from '@newsroom/contract';
import { FALLBACK_ERROR } from '../../lib/api.ts';
import { fetchEntries, openLiveEvents } from './api.ts';
import { applyChange, noEntries, type DeskChange, type DeskEntries } from './entries.ts';

/** How long to wait before opening again a stream the browser gave up on. */
const REOPEN_MS = 2000;

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
 * The entries of the live page `newsId` (at `slug`), newest first, kept live: the newest page is read, then
 * every entry added, changed or deleted by anyone arrives on the page's public event stream.
 * A dropped stream resumes where it stopped (the browser sends `Last-Event-ID`); one the browser
 * gave up on is opened again and the newest page read again, so nothing is missed or shown twice.
 */
export function useLiveEntries(newsId: string, slug: string): LiveEntries {
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
    const readNewest = () =>
      fetchEntries(newsId, undefined, controller.signal).then(
        (page) => {
          dispatch({ type: 'page', ...page });
          setError(null);
          setLoaded(true);
        },
        (failure: unknown) => {
          if (controller.signal.aborted) return;
          setError(messageOf(failure));
          setLoaded(true);
        },
      );
    const open = () => {
      const stream = openLiveEvents(slug);
      source = stream;
      stream.addEventListener('open', () => setConnected(true));
      stream.addEventListener('entry', (event) => {
        setConnected(true);
        dispatch({ type: 'added', entry: dataOf<LiveEntryView>(event) });
      });
      stream.addEventListener('entry-updated', (event) => {
        setConnected(true);
        dispatch({ type: 'updated', entry: dataOf<LiveEntryView>(event) });
      });
      stream.addEventListener('entry-deleted', (event) => {
        setConnected(true);
        dispatch({ type: 'deleted', id: dataOf<LiveEntryDeleted>(event)._id });
      });
      stream.addEventListener('ended', (event) => {
        dispatch({ type: 'ended', at: dataOf<LiveEnded>(event).liveEndedAt });
        closed = true;
        stream.close();
        setConnected(false);
      });
      stream.onerror = () => {
        setConnected(false);
        // The browser reconnects by itself unless it gave up on the stream.
        if (stream.readyState !== EventSource.CLOSED || closed) return;
        timer = setTimeout(() => {
          if (closed) return;
          open();
          void readNewest();
        }, REOPEN_MS);
      };
    };
    open();
    void readNewest();
    return () => {
      closed = true;
      controller.abort();
      clearTimeout(timer);
      source?.close();
    };
  }, [newsId, slug]);

  const loadOlder = useCallback(() => {
    const before = oldest.current;
    if (!before) return;
    setLoadingOlder(true);
    fetchEntries(newsId, before)
      .then((page) => dispatch({ type: 'page', ...page }))
      .catch((failure: unknown) => setError(messageOf(failure)))
      .finally(() => setLoadingOlder(false));
  }, [newsId]);

  return { ...state, loaded, error, connected, loadingOlder, loadOlder, apply: dispatch };
}
