/**
 * The contract between the page host (apps/server/src/pages) and the built server renderer
 * (apps/web/src/entry-server.tsx): the reads a page makes, and what a render gives back.
 */
import type { CorrectionListItem } from './corrections.ts';
import type { LivePage } from './live.ts';
import type { AuthorPage, CategoryDto, NewsDto, SearchHitDto } from './responses.ts';
import type { Section } from './sections.ts';

/** A page of articles and how many match in all, as `/u/get` and `/u/search` answer. */
export interface ReadPage<T> {
  data: T[];
  count: number;
}

/**
 * What the reader pages read, as functions: the same reads the public API answers (`/u/...`),
 * so the browser reaches them over HTTP and the page host calls the services directly. Each
 * throws when the read fails (the page host notes a database away and answers 503).
 */
export interface PublicReads {
  /** `/u/category-list`: every category with its sub-categories. */
  categories(): Promise<CategoryDto[]>;
  /**
   * The names of the category (and sub-category) a list page's path segments name, read from
   * `/u/category-list`; null when there is no such section.
   */
  section(categorySegment: string, subcategorySegment?: string): Promise<Section | null>;
  /** `/u/get`: one page of active articles, newest first, filtered by names. */
  newsPage(query: {
    category?: string;
    subcategory?: string;
    page: number;
    limit: number;
  }): Promise<ReadPage<NewsDto>>;
  /** `/u/news/{slug}` without counting a view (the page counts it); null when there is none. */
  article(slug: string): Promise<NewsDto | null>;
  /**
   * `/u/author/{slug}`: a person and one page of their public articles, newest first; null when
   * no one on the staff has that slug.
   */
  author(query: {
    slug: string;
    page: number;
    limit: number;
  }): Promise<(AuthorPage & { count: number }) | null>;
  /** `/u/corrections`: one page of the notes of public articles, newest first (decision 112). */
  corrections(query: { page: number; limit: number }): Promise<ReadPage<CorrectionListItem>>;
  /**
   * `/u/news/{slug}/live`: a page of a live page's entries, newest first, older than the entry
   * `before`, with its pinned entries, key events and coverage (decision 115); null when there is
   * no public live page of that slug or `before` is no entry of it.
   */
  live(query: {
    slug: string;
    before?: string;
    from?: string;
    limit: number;
  }): Promise<LivePage | null>;
  /** `/u/search`: one page of articles matching the words, best first. */
  search(query: { q: string; page: number; limit: number }): Promise<ReadPage<SearchHitDto>>;
}

export interface RenderRequest {
  /** Path and query of the page, e.g. `/news/some-slug`. */
  url: string;
  /** Absolute base for canonical and social URLs (PUBLIC_URL). */
  publicUrl: string;
  /** The reads of this render (the page host's are calls on its services). */
  reads: PublicReads;
  /** The site's IANA time zone (SITE_TIME_ZONE), in which readers' dates are written. */
  timeZone?: string;
  /**
   * The page is an article that was deleted (its address answers 410 Gone, decision 084): the
   * renderer shows the 'removed' screen with status 410 and reads nothing.
   */
  gone?: boolean;
}

/**
 * A part many pages show the same (the category menu, 'Read this also', 'Related News'),
 * rendered once and joined into each page as it is served. A page's markup holds the empty
 * element it goes into, marked with `slotMark(name)`; the browser app keeps what the server put
 * there (it does not hydrate it).
 */
export type SlotName = 'menu' | 'read-also' | 'related';

/** Where a page wants a shared part, and which of its items. */
export type PageSlot =
  /**
   * The category bar, marking `current` as the page the reader is on: the home page's path, a
   * category's (its sub-categories' pages mark their category), or null for none.
   */
  | { name: 'menu'; current: string | null }
  /** The newest articles but `exclude` (the page's own), at most `limit`. */
  | { name: 'read-also'; exclude: string; limit: number }
  /** The newest articles of `category` but `exclude`, at most `limit`. */
  | { name: 'related'; category: string; exclude: string; limit: number };

/** The marker a page's markup carries where the shared part `name` goes (an HTML comment). */
export const slotMark = (name: SlotName) => `<!--slot:${name}-->`;

/**
 * A shared part rendered: the markup around its items and each item's markup. A page joins
 * `open`, the items it keeps (by slug) and `close`; with no item kept it joins nothing.
 */
export interface RenderedFragment {
  open: string;
  items: { slug: string; html: string }[];
  close: string;
}

/** What a shared part is rendered from. */
export type FragmentRequest =
  | { name: 'menu'; categories: CategoryDto[]; current: string | null }
  | { name: 'read-also'; articles: NewsDto[]; timeZone?: string }
  | { name: 'related'; articles: NewsDto[]; timeZone?: string };

export type RenderResult =
  | {
      kind: 'page';
      status: number;
      head: string;
      /** The body's markup, with `slotMark(name)` where each of `slots` goes. */
      html: string;
      state: string;
      slots: PageSlot[];
    }
  | { kind: 'redirect'; status: number; location: string };

export interface Renderer {
  render(request: RenderRequest): Promise<RenderResult>;
  renderFragment(request: FragmentRequest): RenderedFragment;
}

/**
 * The site's settings the page host writes into every page's head, for the browser app: the
 * meta element's name, its content the IANA time zone of SITE_TIME_ZONE.
 */
export const SITE_TIME_ZONE_META = 'site-time-zone';
