import { queryOptions, useQuery } from '@tanstack/react-query';
import { CACHE_MS, type NewsDto } from '@newsroom/contract';
import { api } from '../../lib/api.ts';
import { publicRetry } from './retry.ts';

/** GET /u/related-news: up to 5 active articles of the category, the current one left out. */
export async function getRelatedNews(category: string, exclude: string): Promise<NewsDto[]> {
  return (await api<NewsDto[]>('/u/related-news', { query: { category, exclude } })).data;
}

export const relatedNewsQuery = (category: string, exclude: string) =>
  queryOptions({
    queryKey: ['public', 'related', category, exclude.toLowerCase()],
    queryFn: () => getRelatedNews(category, exclude),
    staleTime: CACHE_MS.related,
    gcTime: CACHE_MS.related,
    retry: publicRetry,
  });

export function useRelatedNews(category: string, exclude: string) {
  return useQuery(relatedNewsQuery(category, exclude));
}
