import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { CACHE_MS, type NewsDto } from '@newsroom/contract';
import { ApiError, api } from '../../lib/api.ts';
import { publicRetry } from './retry.ts';

/** GET /u/news/{slug}: the article; every call counts one view. */
export async function getArticle(slug: string): Promise<NewsDto> {
  const article = (await api<NewsDto[]>(`/u/news/${encodeURIComponent(slug)}`)).data[0];
  if (!article) throw new ApiError(404, `No article ${slug}`);
  return article;
}

/**
 * The article read. Each call counts a view, so the cached copy never refetches on its own
 * (no refetch on mount, focus or reconnect): the route loader fetches once per page view.
 */
export const articleQuery = (slug: string) =>
  queryOptions({
    queryKey: ['public', 'article', slug.toLowerCase()],
    queryFn: () => getArticle(slug),
    staleTime: Infinity,
    gcTime: CACHE_MS.public,
    retry: publicRetry,
  });

export function useArticle(slug: string): NewsDto {
  return useSuspenseQuery(articleQuery(slug)).data;
}
