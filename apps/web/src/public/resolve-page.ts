import type { QueryClient } from '@tanstack/react-query';
import type { PageSlot, PublicReads } from '@newsroom/contract';
import { matchRoutes } from 'react-router';
import { paths } from '../lib/paths.ts';
import { loadArticle } from './article/loader.ts';
import { loadLive, type LiveCursor } from './live/api.ts';
import { loadAuthor } from './author/loader.ts';
import { loadCorrections } from './corrections/loader.ts';
import { ERROR_HEAD, NOT_FOUND_HEAD, type PageHead } from './head.ts';
import { loadNewsList } from './news-list/loaders.ts';
import { loadSearch } from './search/loader.ts';
import type { PublicPageRef } from './page.ts';
import { shareImage } from './share-image.ts';
import { SITE } from './site.ts';
import { articleSlots, menuSlot } from './slots/page-slots.ts';

/**
 * A public page resolved from its URL: what to render, its status, its head tags and the shared
 * parts the page host joins into it.
 */
export interface ResolvedPage {
  page: PublicPageRef;
  status: number;
  head: PageHead;
  slots: PageSlot[];
}

const ROUTES = [
  { id: 'home', path: '/' },
  { id: 'article', path: '/news/:slug' },
  { id: 'contact', path: '/contact-us' },
  { id: 'about', path: '/about-us' },
  { id: 'search', path: '/search' },
  { id: 'author', path: '/author/:slug' },
  { id: 'corrections', path: '/corrections' },
  { id: 'category', path: '/:category/:subcategory?' },
];

/** The 404 and error screens show no header: they have no shared parts. */
const NOT_FOUND: ResolvedPage = {
  page: { id: 'not-found' },
  status: 404,
  head: NOT_FOUND_HEAD,
  slots: [],
};

/** Where a live page's entries start: `?before=` an entry, or `?from=` one (decision 115). */
function liveCursorOf(search: URLSearchParams): LiveCursor {
  const before = search.get('before') || undefined;
  const from = before ? undefined : search.get('from') || undefined;
  return { ...(before && { before }), ...(from && { from }) };
}

async function resolveArticle(
  queryClient: QueryClient,
  reads: PublicReads,
  slug: string,
  search: URLSearchParams,
): Promise<ResolvedPage> {
  const article = await loadArticle(queryClient, reads, slug);
  if (!article) return NOT_FOUND;
  const cursor = article.live ? liveCursorOf(search) : {};
  // A live page: a page of its entries, 404 for an archive page of no entry of it. A preview of
  // one not yet public shows its text alone.
  const live = article.live ? await loadLive(queryClient, reads, article.slug, cursor) : null;
  const archive = cursor.before ?? cursor.from;
  if (archive && !live) return NOT_FOUND;
  const canonicalPath = paths.article(article.slug);
  const head: PageHead = {
    title: archive ? `${article.title} (earlier entries)` : article.title,
    description: article.metaDescription,
    image: article.Image ? shareImage(article.Image.ImageURL, article.alt) : undefined,
    article,
    ...(live && { live }),
    canonicalPath: cursor.before
      ? `${canonicalPath}?before=${encodeURIComponent(cursor.before)}`
      : canonicalPath,
  };
  const slots = articleSlots(article.slug, article.category?.name);
  const page = { id: 'article', slug, ...(live && { live: cursor }) } as const;
  return { page, status: 200, head, slots };
}

/** A page number from the query (`?page=`): a whole number from 1, else the first page. */
function pageNumber(search: URLSearchParams): number | null {
  const text = search.get('page');
  if (text === null || text === '') return 1;
  return /^[1-9]\d{0,5}$/.test(text) ? Number(text) : null;
}

/** A person's page (decision 103): 404 for a slug no one on the staff has, or a page of nothing. */
async function resolveAuthor(
  queryClient: QueryClient,
  reads: PublicReads,
  slug: string,
  search: URLSearchParams,
): Promise<ResolvedPage> {
  const page = pageNumber(search);
  if (page === null) return NOT_FOUND;
  const author = await loadAuthor(queryClient, reads, slug, page);
  if (!author) return NOT_FOUND;
  const description = author.bio || `Articles by ${author.name} on ${SITE.name}.`;
  const head: PageHead = {
    title: page > 1 ? `${author.name} (page ${page})` : author.name,
    description,
    image: author.pictureURL ? { url: author.pictureURL, alt: author.name } : undefined,
    canonicalPath: paths.author(author.slug, page),
    author,
  };
  return {
    page: { id: 'author', slug: author.slug, page },
    status: 200,
    head,
    slots: [menuSlot()],
  };
}

/** `/corrections` (decision 112): a page past the last is a 404. */
async function resolveCorrections(
  queryClient: QueryClient,
  reads: PublicReads,
  search: URLSearchParams,
): Promise<ResolvedPage> {
  const page = pageNumber(search);
  if (page === null) return NOT_FOUND;
  const data = await loadCorrections(queryClient, reads, page);
  if (!data) return NOT_FOUND;
  const head: PageHead = {
    title: page > 1 ? `Corrections and updates (page ${page})` : 'Corrections and updates',
    description: `Every correction and update note of ${SITE.name}, newest first, with a link to its article.`,
    canonicalPath: paths.corrections(page),
    corrections: true,
  };
  return { page: { id: 'corrections', page }, status: 200, head, slots: [menuSlot()] };
}

/** The home and list pages' menus mark the home page or the page's category as current. */
async function resolveNewsList(
  queryClient: QueryClient,
  reads: PublicReads,
  segments?: { category: string; subcategory?: string },
): Promise<ResolvedPage> {
  const filter = await loadNewsList(queryClient, reads, segments);
  if (!filter) return NOT_FOUND;
  if (!filter.category) {
    const head: PageHead = {
      title: SITE.name,
      description: SITE.description,
      canonicalPath: paths.home(),
      home: true,
    };
    const slots = [menuSlot(paths.home())];
    return { page: { id: 'news-list', filter }, status: 200, head, slots };
  }
  const name = filter.subcategory ?? filter.category;
  const within = filter.subcategory ? ` in ${filter.category}` : '';
  const head: PageHead = {
    title: `${name} News`,
    description: `The latest ${name} news${within} from ${SITE.name}: reports, analysis and updates.`,
    canonicalPath: paths.category(filter.category, filter.subcategory),
    section: filter.subcategory
      ? { category: filter.category, subcategory: filter.subcategory }
      : { category: filter.category },
  };
  const slots = [menuSlot(paths.category(filter.category))];
  return { page: { id: 'news-list', filter }, status: 200, head, slots };
}

/** Result pages are for readers, not for search engines' indexes. */
async function resolveSearch(
  queryClient: QueryClient,
  reads: PublicReads,
  q: string,
): Promise<ResolvedPage> {
  await loadSearch(queryClient, reads, q);
  const words = q.trim();
  const head: PageHead = {
    title: words ? `Search: ${words}` : 'Search',
    description: `Search ${SITE.name}: articles matching your words, best matches first.`,
    noindex: true,
  };
  return { page: { id: 'search', q }, status: 200, head, slots: [menuSlot()] };
}

async function resolveMatched(
  queryClient: QueryClient,
  reads: PublicReads,
  pathname: string,
  search: URLSearchParams,
): Promise<ResolvedPage> {
  const match = matchRoutes(ROUTES, pathname)?.[0];
  if (!match) return NOT_FOUND;
  const params = match.params;
  switch (match.route.id) {
    case 'home':
      return resolveNewsList(queryClient, reads);
    case 'article':
      return resolveArticle(queryClient, reads, params.slug ?? '', search);
    case 'category':
      return resolveNewsList(queryClient, reads, {
        category: params.category ?? '',
        subcategory: params.subcategory,
      });
    case 'search':
      return resolveSearch(queryClient, reads, search.get('q') ?? '');
    case 'author':
      return resolveAuthor(queryClient, reads, params.slug ?? '', search);
    case 'corrections':
      return resolveCorrections(queryClient, reads, search);
    case 'contact': {
      const description = `Write to ${SITE.name}: our address, e-mail, phone number and a contact form.`;
      const head = { title: 'Contact Us', description, canonicalPath: paths.contact() };
      return { page: { id: 'contact' }, status: 200, head, slots: [menuSlot()] };
    }
    default: {
      const description = `Who we are, what we cover and the standards ${SITE.name} holds itself to.`;
      const head = { title: 'About Us', description, canonicalPath: paths.about() };
      return { page: { id: 'about' }, status: 200, head, slots: [menuSlot()] };
    }
  }
}

/**
 * Decides which public page a path shows and which shared parts the page host joins into it, and
 * fills the query cache with its data through `reads`, with the same query options the screens
 * read. An unknown path, category or article is a 404; a failure to read what the page needs is
 * a 500 with a plain apology.
 */
export async function resolvePage(
  queryClient: QueryClient,
  reads: PublicReads,
  pathname: string,
  search: URLSearchParams = new URLSearchParams(),
): Promise<ResolvedPage> {
  try {
    return await resolveMatched(queryClient, reads, pathname, search);
  } catch {
    return { page: { id: 'error' }, status: 500, head: ERROR_HEAD, slots: [] };
  }
}
