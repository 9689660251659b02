import { queryOptions, useQuery } from '@tanstack/react-query';
import { CACHE_MS, READ_ALSO_COUNT, type NewsDto } from '@newsroom/contract';
import { api } from '../../lib/api.ts';
import { publicRetry } from './retry.ts';

/** GET /u/latest: the newest active articles, for 'Read this also'. */
export async function getLatestNews(exclude: string): Promise<NewsDto[]> {
  return (await api<NewsDto[]>('/u/latest', { query: { limit: READ_ALSO_COUNT, exclude } })).data;
}

export const latestNewsQuery = (exclude: string) =>
  queryOptions({
    queryKey: ['public', 'latest', exclude.toLowerCase()],
    queryFn: () => getLatestNews(exclude),
    staleTime: CACHE_MS.public,
    gcTime: CACHE_MS.public,
    retry: publicRetry,
  });

export function useLatestNews(exclude: string) {
  return useQuery(latestNewsQuery(exclude));
}
