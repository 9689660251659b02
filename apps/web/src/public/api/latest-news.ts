import { queryOptions, useQuery } from '@tanstack/react-query';
import { CACHE_MS, READ_ALSO_COUNT, type NewsDto } from '@newsroom/contract';
import { api } from '../../lib/api.ts';
import { publicRetry } from './retry.ts';

/**
 * What 'Read this also' shows of an article, and all the page keeps of it (the server embeds it
 * for hydration; a whole article would bring its description along).
 */
export type LatestItem = Pick<NewsDto, '_id' | 'slug' | 'title' | 'Image' | 'alt' | 'updatedAt'>;

/** GET /u/latest: the newest active articles, for 'Read this also'. */
export async function getLatestNews(exclude: string): Promise<LatestItem[]> {
  const query = { limit: READ_ALSO_COUNT, exclude };
  const { data } = await api<NewsDto[]>('/u/latest', { query });
  return data.map(({ _id, slug, title, Image, alt, updatedAt }) => ({
    _id,
    slug,
    title,
    Image,
    alt,
    updatedAt,
  }));
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
