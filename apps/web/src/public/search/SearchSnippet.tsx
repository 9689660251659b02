const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

/**
 * The parts of an API snippet: escaped text with matched words in `<mark>…</mark>`. Rendered as
 * React text, not as HTML, so nothing in a snippet can become markup even if the API erred.
 */
export function snippetParts(snippet: string): { text: string; marked: boolean }[] {
  return snippet
    .split(/(<mark>.*?<\/mark>)/)
    .filter((part) => part !== '')
    .map((part) => {
      const marked = part.startsWith('<mark>') && part.endsWith('</mark>');
      const inner = marked ? part.slice('<mark>'.length, -'</mark>'.length) : part;
      return { text: inner.replace(/&(amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e] ?? e), marked };
    });
}

/** Why an article matched: an excerpt with the reader's words highlighted. */
export function SearchSnippet({ snippet, className }: { snippet: string; className?: string }) {
  return (
    <p className={className} data-testid="search-snippet">
      {snippetParts(snippet).map((part, index) =>
        part.marked ? (
          <mark key={index} className="rounded-sm bg-yellow-200 px-0.5 text-slate-900">
            {part.text}
          </mark>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}
