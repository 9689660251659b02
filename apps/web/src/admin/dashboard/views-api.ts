import { useQuery } from '@tanstack/react-query';
import type { ArticleViews, SiteViews, ViewPeriod } from '@newsroom/contract';
import { api } from '../../lib/api.ts';
import { adminCache } from '../lib/query-keys.ts';

/** Query keys of the charts: under the dashboard's and the article's own keys. */
export const viewsKeys = {
  site: (days: ViewPeriod) => ['admin', 'dashboard', 'views', days] as const,
  article: (newsId: string, days: ViewPeriod) =>
    ['admin', 'news', 'item', newsId, 'views', days] as const,
};

/** The site's views per day and its most read over the period (GET /dashboard/views). */
export function useSiteViews(days: ViewPeriod) {
  return useQuery({
    queryKey: viewsKeys.site(days),
    queryFn: async ({ signal }) =>
      (await api<SiteViews>(`/dashboard/views?days=${days}`, { signal })).data,
    ...adminCache,
  });
}

/** An article's views per day over the period (GET /news/{id}/views). */
export function useArticleViews(newsId: string, days: ViewPeriod) {
  return useQuery({
    queryKey: viewsKeys.article(newsId, days),
    queryFn: async ({ signal }) =>
      (
        await api<ArticleViews>(`/news/${encodeURIComponent(newsId)}/views?days=${days}`, {
          signal,
        })
      ).data,
    ...adminCache,
  });
}
