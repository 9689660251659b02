import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { CACHE_MS, LIMITS, PAGE_SIZE, SEARCH_MESSAGES, type PublicReads } from '@newsroom/contract';
import { toNewsCard, type NewsCardData } from './news-card.ts';
import { httpReads } from './reads.ts';
import { publicRetry } from './retry.ts';

export interface SearchPage {
  items: (NewsCardData & { snippet: string })[];
  count: number;
  page: number;
}

/**
 * Why the API would refuse this query, in its own words, or null when it would take it: the
 * page says so without a call (the contract's schema would bring zod into the public bundle).
 */
export function searchQueryProblem(q: string): string | null {
  const trimmed = q.trim();
  if (trimmed === '') return SEARCH_MESSAGES.empty;
  return trimmed.length > LIMITS.searchQuery.max ? SEARCH_MESSAGES.tooLong : null;
}

/** One page of public articles matching the words, best first. */
export async function getSearchPage(
  reads: PublicReads,
  q: string,
  page: number,
): Promise<SearchPage> {
  const { data, count } = await reads.search({ q: q.trim(), page, limit: PAGE_SIZE.publicNews });
  return {
    items: data.map((hit) => ({ ...toNewsCard(hit), snippet: hit.snippet })),
    count,
    page,
  };
}

function nextPageParam(last: SearchPage, pages: SearchPage[]): number | undefined {
  const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
  return last.items.length > 0 && loaded < last.count ? last.page + 1 : undefined;
}

export const searchQuery = (q: string, reads: PublicReads = httpReads) =>
  infiniteQueryOptions({
    queryKey: ['public', 'search', q.trim()],
    queryFn: ({ pageParam }) => getSearchPage(reads, q, pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    staleTime: CACHE_MS.public,
    gcTime: CACHE_MS.public,
    retry: publicRetry,
  });

/** The results of `q`; nothing is fetched while the query would be refused. */
export function useSearch(q: string) {
  return useInfiniteQuery({ ...searchQuery(q), enabled: searchQueryProblem(q) === null });
}
