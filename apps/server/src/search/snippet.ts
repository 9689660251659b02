/** What the search indexes put around a matched word in a snippet: never found in indexed text. */
export const MARK_START = '\u0001';
export const MARK_END = '\u0002';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * A snippet as the API gives it: every character HTML-escaped, then the database's marks turned
 * into `<mark>…</mark>`, so a page may render it as HTML and nothing of the article's text can
 * become markup.
 */
export function snippetHtml(marked: string): string {
  return marked
    .replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char)
    .replaceAll(MARK_START, '<mark>')
    .replaceAll(MARK_END, '</mark>');
}

export function hasMark(marked: string): boolean {
  return marked.includes(MARK_START);
}
