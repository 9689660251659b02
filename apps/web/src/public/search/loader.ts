import type { QueryClient } from '@tanstack/react-query';
import type { PublicReads } from '@newsroom/contract';
import { searchQuery, searchQueryProblem } from '../api/search.ts';

/** /search?q=…: the first page of results is loaded with the page, like the home list. */
export async function loadSearch(
  queryClient: QueryClient,
  reads: PublicReads,
  q: string,
): Promise<void> {
  if (searchQueryProblem(q) === null) {
    await queryClient.prefetchInfiniteQuery(searchQuery(q, reads));
  }
}
