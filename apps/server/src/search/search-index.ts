import { SEARCH_MAX_HITS } from '@newsroom/contract';

/** One article that matched, best first, with marked excerpts of its body and its summary. */
export interface SearchMatch {
  id: string;
  /** Excerpts with matched words between MARK_START and MARK_END (snippet.ts). */
  bodySnippet: string;
  metaSnippet: string;
}

export interface SearchResult {
  matches: SearchMatch[];
  /** The public articles that matched, not only this page, up to MAX_SEARCH_HITS. */
  count: number;
}

/**
 * A search ranks the most recently written public articles that match, at most this many, so
 * its cost stays bounded however common its words are in a large archive (decision 080).
 */
export const MAX_SEARCH_HITS = SEARCH_MAX_HITS;

/**
 * Full-text search over public articles: titles, meta descriptions, tags and body text, stemmed,
 * every word required, title matches ranked first, newest first among equals; only the newest
 * MAX_SEARCH_HITS matches are ranked. The index itself
 * is kept by database triggers (migration 0004_search), so every write path keeps it right.
 */
export interface SearchIndex {
  /** `words` are plain lower-case words (words.ts), never query syntax; at least one. */
  search(words: string[], limit: number, offset: number): Promise<SearchResult>;
}

/** Words in a snippet around the match: about a sentence or two. */
export const SNIPPET_WORDS = 24;
