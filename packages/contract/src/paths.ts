import { toPathSegment } from './text.ts';

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
  category: (category: string, subcategory?: string) =>
    subcategory
      ? `/${encodeURIComponent(toPathSegment(category))}/${encodeURIComponent(toPathSegment(subcategory))}`
      : `/${encodeURIComponent(toPathSegment(category))}`,
} as const;

/**
 * Whether a path segment names a category or sub-category: its readable form, or the name itself
 * in any case, compared by readable form (decision 042). The web app and the server's address
 * history (decision 084) match names by this one rule.
 */
export function isPathSegmentOf(segment: string, name: string): boolean {
  return toPathSegment(segment) === toPathSegment(name);
}

/** The sign-in screens: always the client app, served only to visitors without a session. */
export const authPaths = {
  login: () => '/login',
  register: () => '/register',
  adminRegister: () => '/admin/register',
  verifyAccount: () => '/verify-account',
} as const;

const AUTH_PATHS = new Set(Object.values(authPaths).map((path) => path()));

/** True for the path of a sign-in screen (a trailing slash is ignored). */
export function isAuthPath(pathname: string): boolean {
  return AUTH_PATHS.has(pathname.replace(/\/+$/, '') || '/');
}
