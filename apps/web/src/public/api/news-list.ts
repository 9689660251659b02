import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { CACHE_MS, PAGE_SIZE, type PublicReads } from '@newsroom/contract';
import { toNewsCard, type NewsCardData } from './news-card.ts';
import { httpReads } from './reads.ts';
import { publicRetry } from './retry.ts';

/** The list filter, by exact category and sub-category names (absent means all). */
export interface NewsFilter {
  category?: string;
  subcategory?: string;
}

export interface NewsPage {
  items: NewsCardData[];
  count: number;
  page: number;
}

/** One page of active news, newest first, filtered by names. */
export async function getNewsPage(
  reads: PublicReads,
  filter: NewsFilter,
  page: number,
): Promise<NewsPage> {
  const { data, count } = await reads.newsPage({
    category: filter.category,
    subcategory: filter.subcategory,
    page,
    limit: PAGE_SIZE.publicNews,
  });
  return { items: data.map(toNewsCard), count, page };
}

/** The page after `last`, or undefined once every article has been loaded. */
export function nextPageParam(last: NewsPage, pages: NewsPage[]): number | undefined {
  const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
  return last.items.length > 0 && loaded < last.count ? last.page + 1 : undefined;
}

export const newsListQuery = (filter: NewsFilter, reads: PublicReads = httpReads) =>
  infiniteQueryOptions({
    queryKey: ['public', 'news', filter.category ?? null, filter.subcategory ?? null],
    queryFn: ({ pageParam }) => getNewsPage(reads, filter, pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    staleTime: CACHE_MS.public,
    gcTime: CACHE_MS.public,
    retry: publicRetry,
  });

export function useNewsList(filter: NewsFilter) {
  return useInfiniteQuery(newsListQuery(filter));
}
