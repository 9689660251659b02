import { useContext, useEffect, useState } from 'react';
import { ServerMarkup } from '../server-markup.ts';

type Sanitize = (html: string) => string;

/**
 * Rich text from the API. The server stores it sanitised and renders it sanitised, so the markup
 * a page was served with is used as it is: sanitising it again after hydration would protect
 * nothing (it has been in the document since the page was parsed) and cost the reader two long
 * tasks and a download. Rich text the browser renders by itself (a page rendered without the
 * server, or text other than what the server rendered) is shown only once DOMPurify, loaded on
 * demand, has sanitised it.
 */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const serverMarkup = useContext(ServerMarkup);
  const [served] = useState(() => (serverMarkup ? html : null));
  const needsSanitizing = html !== served;
  const [sanitize, setSanitize] = useState<Sanitize | null>(null);
  useEffect(() => {
    if (!needsSanitizing) return;
    let active = true;
    void import('./sanitize.ts').then(({ sanitizeArticleHtml }) => {
      if (active) setSanitize(() => sanitizeArticleHtml);
    });
    return () => {
      active = false;
    };
  }, [needsSanitizing]);
  const safe = !needsSanitizing ? html : sanitize ? sanitize(html) : '';
  return <div className={className} dangerouslySetInnerHTML={{ __html: safe }} />;
}
