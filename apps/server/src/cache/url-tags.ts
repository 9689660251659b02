import { FEED_FILE, nameFilterValue, publicPaths } from '@newsroom/contract';
import { lookupKey } from '../domain/lookup-key.ts';
import { filterTag, publicTags, sectionListTag, type ListFilter, type StaleTags } from './tags.ts';

const API = '/api/v1/u';

function parse(url: string): { path: string; query: URLSearchParams } {
  const parsed = new URL(url, 'http://cache.local');
  const path = parsed.pathname.length > 1 ? parsed.pathname.replace(/\/+$/, '') : '/';
  return { path, query: parsed.searchParams };
}

/**
 * One cache key per response: the path without a trailing slash and the query in a fixed order,
 * so `?page=1&limit=6` and `?limit=6&page=1` share an entry.
 */
export function cacheKey(url: string): string {
  const { path, query } = parse(url);
  query.sort();
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/** A path segment decoded, or null when its percent-encoding is broken. */
function decoded(segment: string | undefined): string | null {
  if (segment === undefined) return null;
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** The slug of a `/u/news/{slug}` call, or null for any other URL. */
export function articleSlugOf(url: string): string | null {
  const slug = decoded(/^\/api\/v1\/u\/news\/([^/]+)$/.exec(parse(url).path)?.[1]);
  return slug === null ? null : lookupKey(slug);
}

/**
 * The slug of a person's feed (`/author/{slug}/rss.xml`) or API response (`/api/v1/u/author/{slug}`),
 * or null for any other path.
 */
function authorOf(path: string): string | null {
  const match =
    /^\/author\/([^/]+)\/rss\.xml$/.exec(path) ?? /^\/api\/v1\/u\/author\/([^/]+)$/.exec(path);
  const slug = decoded(match?.[1]);
  return slug === null ? null : lookupKey(slug);
}

/** The section of a `/{category}/rss.xml` or `/{category}/{subcategory}/rss.xml` path. */
function sectionOfFeed(path: string): { category: string; subcategory?: string } | null {
  const segments = path.split('/').slice(1);
  if (segments.at(-1) !== FEED_FILE || segments.length < 2 || segments.length > 3) return null;
  const [category = null, subcategory] = segments.slice(0, -1).map(decoded);
  if (category === null || subcategory === null) return null;
  return subcategory === undefined ? { category } : { category, subcategory };
}

/**
 * The tags of a public API response or feed, from its URL: what a write must name to make it
 * stale. Null for what is not a cacheable public read.
 */
export function urlTags(url: string): StaleTags | null {
  const { path, query } = parse(url);
  const slug = articleSlugOf(url);
  if (slug !== null) return [publicTags.article(slug)];
  // A page of a live page's entries (decision 115): each entry's write names the article's tag.
  // Its event stream (`…/live/events`) is no read to keep and matches nothing here.
  const live = /^\/api\/v1\/u\/news\/([^/]+)\/live$/.exec(path)?.[1];
  if (live) return [publicTags.article(lookupKey(decoded(live) ?? live))];
  if (path === publicPaths.feed()) return [publicTags.feeds, publicTags.lists];
  if (path === publicPaths.newsSitemap()) return [publicTags.newsSitemap];
  if (path === publicPaths.correctionsFeed() || path === `${API}/corrections`) {
    return [publicTags.corrections];
  }
  const author = authorOf(path);
  // A person's feed and API response list their articles; the response's articles name every author.
  if (author !== null && path.endsWith(`/${FEED_FILE}`)) return [publicTags.author(author)];
  if (author !== null) return [publicTags.author(author), publicTags.lists];
  if (path === '/sitemaps/authors.xml') return [publicTags.authorsSitemap];
  const section = sectionOfFeed(path);
  // A feed's title names its section, and a removed category or sub-category takes it away.
  if (section) return [publicTags.sectionFeed(section), publicTags.sectionNames, publicTags.lists];
  if (path === publicPaths.sitemapIndex()) return [publicTags.sitemap, publicTags.taxonomy];
  if (path === '/sitemaps/pages.xml') return [publicTags.taxonomy];
  const month = /^\/sitemaps\/news-(\d{4}-\d{2})(?:-\d+)?\.xml$/.exec(path)?.[1];
  if (month) return [publicTags.sitemapMonth(month)];
  if (!path.startsWith(`${API}/`)) return null;
  switch (path.slice(API.length)) {
    case '/category-list':
      return [publicTags.taxonomy];
    case '/latest':
      return [publicTags.newest, publicTags.lists];
    // Any article write may change what a search finds; every one names `search`.
    case '/search':
      return [publicTags.search, publicTags.lists];
    case '/related-news': {
      const category = nameFilterValue(query.get('category') ?? undefined);
      const tag = typeof category === 'string' ? publicTags.related(category) : publicTags.newest;
      return [tag, publicTags.lists];
    }
    case '/get': {
      const tagOf = (name: ListFilter) => filterTag(name, query.get(name) ?? undefined);
      const section = sectionListTag(query.get('category'), query.get('subcategory'));
      const filters = [section, tagOf('publisher'), tagOf('anchor')];
      const named = [...new Set(filters.filter((tag): tag is string => tag !== null))];
      return [...(named.length > 0 ? named : [publicTags.newest]), publicTags.lists];
    }
    default:
      return null;
  }
}
