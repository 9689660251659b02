import { CACHE_MS } from '@newsroom/contract';

/** Query keys of the back office; a prefix invalidates every page of a list. */
export const adminKeys = {
  categories: ['admin', 'categories'] as const,
  subCategories: ['admin', 'subCategories'] as const,
  subCategoryPage: (page: number) => ['admin', 'subCategories', page] as const,
  anchors: ['admin', 'anchors'] as const,
  publishers: ['admin', 'publishers'] as const,
  news: ['admin', 'news'] as const,
  newsPage: (page: number, filter: object = {}) => ['admin', 'news', 'page', page, filter] as const,
  desk: ['admin', 'news', 'desk'] as const,
  newsItem: (id: string) => ['admin', 'news', 'item', id] as const,
  contacts: (page: number) => ['admin', 'contacts', page] as const,
  dashboard: ['admin', 'dashboard'] as const,
  dashboardCards: ['admin', 'dashboard', 'cards'] as const,
  popularNews: ['admin', 'dashboard', 'popular'] as const,
  staff: ['admin', 'staff'] as const,
  me: ['admin', 'me'] as const,
  audit: (filters: object) => ['admin', 'audit', filters] as const,
  sessions: ['admin', 'sessions'] as const,
  securitySettings: ['admin', 'settings', 'security'] as const,
};

/** The spec's fresh and keep times: 10 s for categories, 20 s for every other admin query. */
export const categoryCache = { staleTime: CACHE_MS.categories, gcTime: CACHE_MS.categories };
export const adminCache = { staleTime: CACHE_MS.admin, gcTime: CACHE_MS.admin };
