import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { searchQuery, searchQueryProblem } from '../api/search.ts';

export interface SearchLoaderData {
  /** The words as the reader typed them (the `q` of the address). */
  q: string;
}

/** /search?q=…: the first page of results is loaded with the page, like the home list. */
export function searchLoader(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs): Promise<SearchLoaderData> => {
    const q = new URL(request.url).searchParams.get('q') ?? '';
    if (searchQueryProblem(q) === null) await queryClient.prefetchInfiniteQuery(searchQuery(q));
    return { q };
  };
}
