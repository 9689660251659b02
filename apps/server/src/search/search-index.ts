/** One article that matched, best first, with marked excerpts of its body and its summary. */
export interface SearchMatch {
  id: string;
  /** Excerpts with matched words between MARK_START and MARK_END (snippet.ts). */
  bodySnippet: string;
  metaSnippet: string;
}

export interface SearchResult {
  matches: SearchMatch[];
  /** Every public article that matched, not only this page. */
  count: number;
}

/**
 * Full-text search over public articles: titles, meta descriptions, tags and body text, stemmed,
 * every word required, title matches ranked first, newest first among equals. The index itself
 * is kept by database triggers (migration 0004_search), so every write path keeps it right.
 */
export interface SearchIndex {
  /** `words` are plain lower-case words (words.ts), never query syntax; at least one. */
  search(words: string[], limit: number, offset: number): Promise<SearchResult>;
}

/** Words in a snippet around the match: about a sentence or two. */
export const SNIPPET_WORDS = 24;
