import { authPaths, publicPaths } from '@newsroom/contract';

export { isAuthPath } from '@newsroom/contract';

/** Every route of the web app, so links are never hand-built strings. */
export const paths = {
  ...publicPaths,
  ...authPaths,
  admin: {
    dashboard: () => '/',
    category: () => '/category',
    subCategory: () => '/subCategory',
    anchor: () => '/anchor',
    publisher: () => '/publisher',
    newsTable: () => '/newsTable',
    /** The articles assigned to the signed-in person (decision 106). */
    desk: () => '/desk',
    newsAdd: () => '/news/add',
    newsUpdate: (id: string) => `/news/update/${encodeURIComponent(id)}`,
    contactDetails: () => '/contact-details',
    staff: () => '/staff',
    audit: () => '/audit',
    /** Each person's own profile, e-mail address and password (decision 104). */
    profile: () => '/profile',
    security: () => '/security',
    /** The live desk of a live page: its entries, posted, edited and deleted live (decision 115). */
    liveDesk: (id: string) => `/news/live/${encodeURIComponent(id)}`,
    /** Webhook endpoints and their deliveries (decision 117). */
    webhooks: () => '/webhooks',
  },
} as const;

/** Paths of the sign-in screens, served only to visitors without a session. */
export const AUTH_PATHS = Object.values(authPaths).map((path) => path());
