import { QueryClient } from '@tanstack/react-query';
import { CACHE_MS, QUERY_RETRIES } from '@newsroom/contract';

/** One client per page load (and per server render), with the spec's defaults. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: CACHE_MS.public,
        gcTime: CACHE_MS.public,
        retry: typeof window === 'undefined' ? 0 : QUERY_RETRIES,
        refetchOnWindowFocus: false,
      },
    },
  });
}
