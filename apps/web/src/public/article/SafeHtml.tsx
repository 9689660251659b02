import { useEffect, useMemo, useState } from 'react';

type Sanitize = (html: string) => string;

/**
 * Rich text from the API. The server stores it sanitised and renders it as stored; in the
 * browser it is sanitised again with DOMPurify, which is loaded after hydration so it never
 * weighs on the first load. Until then React keeps the server's markup, which hydration
 * reuses as it is.
 */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const [sanitize, setSanitize] = useState<Sanitize | null>(null);
  useEffect(() => {
    let active = true;
    void import('./sanitize.ts').then(({ sanitizeArticleHtml }) => {
      if (active) setSanitize(() => sanitizeArticleHtml);
    });
    return () => {
      active = false;
    };
  }, []);
  const safe = useMemo(() => (sanitize ? sanitize(html) : html), [html, sanitize]);
  return <div className={className} dangerouslySetInnerHTML={{ __html: safe }} />;
}
