import { useCallback, useEffect, useRef, useState } from 'react';
import {
  PRESENCE_TIMING,
  type PresenceEditor,
  type PresenceSaved,
  type PresenceTakeover,
} from '@newsroom/contract';
import { ApiError, refreshSession } from '../../../lib/api.ts';
import { openEvents, sendHeartbeat } from './api.ts';

/**
 * Where the person stands with an article open: `joining` until the stream has said who else
 * edits it; `editing` (heartbeats sent); `choosing` (someone else edits: read-only until they
 * choose); `reading` (chose read-only); `taken-over` (someone took the edit over from them).
 */
export type PresenceMode = 'joining' | 'editing' | 'choosing' | 'reading' | 'taken-over';

export interface ArticlePresence {
  mode: PresenceMode;
  /** The other people editing the article now. */
  others: PresenceEditor[];
  /** Who took the edit over, when the mode is `taken-over`. */
  takenOver: { name: string; at: string | null } | null;
  readOnly: () => void;
  takeOver: () => Promise<void>;
}

/** How long to wait before opening a stream the browser gave up on (a refused session, above all). */
const REOPEN_MS = 2000;

/**
 * Presence in the news editor: opens the article's event stream, sends heartbeats while the
 * person edits, and closes the stream on leave (which takes them off the editors at once).
 * `onSaved` hears the article's saves by others.
 */
export function useArticlePresence(
  articleId: string,
  me: string | undefined,
  onSaved: (saved: PresenceSaved) => void,
): ArticlePresence {
  const [mode, setMode] = useState<PresenceMode>('joining');
  const [editors, setEditors] = useState<PresenceEditor[] | null>(null);
  const [takenOver, setTakenOver] = useState<ArticlePresence['takenOver']>(null);
  const savedRef = useRef(onSaved);
  savedRef.current = onSaved;
  const others = (editors ?? []).filter((editor) => editor._id !== me);

  useEffect(() => {
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let closed = false;
    const open = () => {
      source = openEvents(articleId);
      source.addEventListener('presence', (event) => {
        setEditors(JSON.parse((event as MessageEvent<string>).data) as PresenceEditor[]);
      });
      source.addEventListener('takeover', (event) => {
        const takeover = JSON.parse((event as MessageEvent<string>).data) as PresenceTakeover;
        setTakenOver({ name: takeover.by.name, at: takeover.at });
        setMode('taken-over');
      });
      source.addEventListener('saved', (event) => {
        savedRef.current(JSON.parse((event as MessageEvent<string>).data) as PresenceSaved);
      });
      source.onerror = () => {
        // A stream that never spoke says nothing of others: the person edits (saves still check).
        setEditors((known) => known ?? []);
        // The browser retries by itself, unless the server refused the stream (an expired
        // session): then the session is refreshed and the stream opened again.
        if (source?.readyState !== EventSource.CLOSED || closed) return;
        timer = setTimeout(() => void refreshSession().then(() => !closed && open()), REOPEN_MS);
      };
    };
    open();
    return () => {
      closed = true;
      clearTimeout(timer);
      source?.close();
    };
  }, [articleId]);

  // Until the stream has said who edits, nobody is known to; then the person edits, or chooses.
  useEffect(() => {
    if (mode !== 'joining' || editors === null || me === undefined) return;
    setMode(others.length > 0 ? 'choosing' : 'editing');
  }, [mode, editors, me, others.length]);

  // Nobody else edits any more: one who was only waiting to choose edits now.
  useEffect(() => {
    if (mode === 'choosing' && others.length === 0) setMode('editing');
  }, [mode, others.length]);

  useEffect(() => {
    if (mode !== 'editing') return;
    let stopped = false;
    const beat = () =>
      sendHeartbeat(articleId).catch((error: unknown) => {
        if (stopped || !(error instanceof ApiError) || error.status !== 409) return;
        setTakenOver({ name: error.message.replace(/ took over.*$/, ''), at: null });
        setMode('taken-over');
      });
    void beat();
    const interval = setInterval(() => void beat(), PRESENCE_TIMING.heartbeatSeconds * 1000);
    return () => {
      stopped = true;
      clearInterval(interval);
    };
  }, [articleId, mode]);

  const readOnly = useCallback(() => setMode('reading'), []);
  const takeOver = useCallback(async () => {
    setEditors(await sendHeartbeat(articleId, true));
    setTakenOver(null);
    setMode('editing');
  }, [articleId]);

  return { mode, others, takenOver, readOnly, takeOver };
}
