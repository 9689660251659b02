import { toPathSegment } from './text.ts';

/**
 * The last segment of a feed's address. A path segment made from a name never holds a dot
 * (toPathSegment), so `/{category}/rss.xml` is never a sub-category's page (decision 082).
 */
export const FEED_FILE = 'rss.xml';

function categoryPath(category: string, subcategory?: string): string {
  const segment = (name: string) => encodeURIComponent(toPathSegment(name));
  return subcategory ? `/${segment(category)}/${segment(subcategory)}` : `/${segment(category)}`;
}

/**
 * The reader site's addresses, for the web app's links and the server's sitemaps, feeds and
 * page host alike, so a link is never a hand-built string in two places.
 */
export const publicPaths = {
  home: () => '/',
  article: (slug: string) => `/news/${encodeURIComponent(slug)}`,
  contact: () => '/contact-us',
  about: () => '/about-us',
  search: (q?: string) => (q ? `/search?q=${encodeURIComponent(q)}` : '/search'),
  category: categoryPath,
  /** A person's page: their bio and articles (decision 103); `page` > 1 for an older page. */
  author: (slug: string, page?: number) =>
    `/author/${encodeURIComponent(slug)}${page && page > 1 ? `?page=${page}` : ''}`,
  /** RSS 2.0 of a person's articles, beside their page. */
  authorFeed: (slug: string) => `/author/${encodeURIComponent(slug)}/${FEED_FILE}`,
  /** Every correction and update note of the site, newest first (decision 112). */
  corrections: (page?: number) => `/corrections${page && page > 1 ? `?page=${page}` : ''}`,
  /** RSS 2.0 of the corrections and update notes. */
  correctionsFeed: () => `/corrections/${FEED_FILE}`,
  /** RSS 2.0: the site's (`/rss.xml`), a category's or a sub-category's, beside its list page. */
  feed: (category?: string, subcategory?: string) =>
    category ? `${categoryPath(category, subcategory)}/${FEED_FILE}` : `/${FEED_FILE}`,
  /** The sitemaps.org index of every page and article (decision 074). */
  sitemapIndex: () => '/sitemap.xml',
  /** The Google News sitemap: articles of the last 48 hours (decision 081). */
  newsSitemap: () => '/news-sitemap.xml',
  /** The publication's logo (publisher logo of structured data, feed image). */
  logo: () => '/logo.png',
} as const;

/** The sign-in screens: always the client app, served only to visitors without a session. */
export const authPaths = {
  login: () => '/login',
  register: () => '/register',
  adminRegister: () => '/admin/register',
  verifyAccount: () => '/verify-account',
  /** Where an invitation's link leads (`?token=`). */
  acceptInvitation: () => '/accept-invitation',
} as const;

const AUTH_PATHS = new Set(Object.values(authPaths).map((path) => path()));

/** True for the path of a sign-in screen (a trailing slash is ignored). */
export function isAuthPath(pathname: string): boolean {
  return AUTH_PATHS.has(pathname.replace(/\/+$/, '') || '/');
}

/** The page of a preview link (decision 113): an unpublished article shown to whoever holds it. */
export const previewPath = (token: string) => `/preview/${encodeURIComponent(token)}`;

/** True for the path of a preview link's page (the browser shows it as a reader's page). */
export function isPreviewPath(pathname: string): boolean {
  return /^\/preview\/[^/]+\/?$/.test(pathname);
}
