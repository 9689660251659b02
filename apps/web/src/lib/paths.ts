import { toPathSegment } from '@newsroom/contract';

/** Every route of the web app, so links are never hand-built strings. */
export const paths = {
  home: () => '/',
  article: (slug: string) => `/news/${encodeURIComponent(slug)}`,
  contact: () => '/contact-us',
  about: () => '/about-us',
  category: (category: string, subcategory?: string) =>
    subcategory
      ? `/${toPathSegment(category)}/${toPathSegment(subcategory)}`
      : `/${toPathSegment(category)}`,
  login: () => '/login',
  register: () => '/register',
  adminRegister: () => '/admin/register',
  verifyAccount: () => '/verify-account',
  admin: {
    dashboard: () => '/',
    category: () => '/category',
    subCategory: () => '/subCategory',
    anchor: () => '/anchor',
    publisher: () => '/publisher',
    newsTable: () => '/newsTable',
    newsAdd: () => '/news/add',
    newsUpdate: (id: string) => `/news/update/${encodeURIComponent(id)}`,
    contactDetails: () => '/contact-details',
  },
} as const;

/** Paths of the sign-in screens, served only to visitors without a session. */
export const AUTH_PATHS = ['/login', '/register', '/admin/register', '/verify-account'];

export function isAuthPath(pathname: string): boolean {
  return AUTH_PATHS.includes(pathname.replace(/\/+$/, '') || '/');
}
