import { useMemo, useSyncExternalStore } from 'react';
import { sanitizeArticleHtml } from './sanitize.ts';

const subscribe = () => () => {};

/**
 * Rich text from the API. The server stores it sanitised and renders it as stored; in the
 * browser it is sanitised again with DOMPurify before React puts it in the page. While
 * hydrating, React reuses the server's markup (so the first render matches it exactly).
 */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const inBrowser = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
  const safe = useMemo(() => (inBrowser ? sanitizeArticleHtml(html) : html), [html, inBrowser]);
  return <div className={className} dangerouslySetInnerHTML={{ __html: safe }} />;
}
