import type { NewsFilter } from './api/news-list.ts';

/**
 * Which public page a document shows and what it needs to render it. The server decides it
 * from the URL and embeds it in the page, so the browser hydrates the same page without a
 * router of its own: every link inside the site loads the next page from the server.
 */
export type PublicPageRef =
  | { id: 'news-list'; filter: NewsFilter }
  /** An article; a live one shows a page of its entries from `live` (decision 115). */
  | { id: 'article'; slug: string; live?: { before?: string; from?: string } }
  /** A person's page, from page `page` of their articles (decision 103). */
  | { id: 'author'; slug: string; page: number }
  | { id: 'search'; q: string }
  /** Every correction and update note, page `page` (decision 112). */
  | { id: 'corrections'; page: number }
  | { id: 'contact' }
  | { id: 'about' }
  | { id: 'not-found' }
  | { id: 'gone' }
  | { id: 'error' };
