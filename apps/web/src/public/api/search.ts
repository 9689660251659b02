import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import {
  CACHE_MS,
  LIMITS,
  PAGE_SIZE,
  SEARCH_MESSAGES,
  type SearchHitDto,
} from '@newsroom/contract';
import { api } from '../../lib/api.ts';
import { toNewsCard, type NewsCardData } from './news-card.ts';
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

/** GET /u/search: one page of public articles matching the words, best first. */
export async function getSearchPage(q: string, page: number): Promise<SearchPage> {
  const envelope = await api<SearchHitDto[]>('/u/search', {
    query: { q: q.trim(), page, limit: PAGE_SIZE.publicNews },
  });
  return {
    items: envelope.data.map((hit) => ({ ...toNewsCard(hit), snippet: hit.snippet })),
    count: envelope.count ?? envelope.data.length,
    page,
  };
}

function nextPageParam(last: SearchPage, pages: SearchPage[]): number | undefined {
  const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
  return last.items.length > 0 && loaded < last.count ? last.page + 1 : undefined;
}

export const searchQuery = (q: string) =>
  infiniteQueryOptions({
    queryKey: ['public', 'search', q.trim()],
    queryFn: ({ pageParam }) => getSearchPage(q, pageParam),
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
