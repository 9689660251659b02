import { queryOptions, useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import { LIVE_PAGE_SIZE, type LivePage, type PublicReads } from '@newsroom/contract';
import { ApiError } from '../../lib/api.ts';
import { httpReads } from '../api/reads.ts';
import { publicRetry } from '../api/retry.ts';

/** Where a page of a live page starts: the newest entries, older than one, or from one on. */
export interface LiveCursor {
  before?: string;
  from?: string;
}

/**
 * A page of a live page's entries (decision 115). Kept as long as the page is open: its event
 * stream (live-client.ts) applies each change to it, so it is never read again by itself.
 */
export const liveQuery = (slug: string, cursor: LiveCursor, reads: PublicReads = httpReads) =>
  queryOptions({
    queryKey: ['public', 'live', slug.toLowerCase(), cursor.before ?? null, cursor.from ?? null],
    queryFn: async () => {
      const page = await reads.live({ slug, ...cursor, limit: LIVE_PAGE_SIZE });
      if (!page) throw new ApiError(404, `No live page ${slug}`);
      return page;
    },
    staleTime: Infinity,
    gcTime: Infinity,
    retry: publicRetry,
  });

/** Reads the page of entries an article page shows; null when there is none at that cursor. */
export async function loadLive(
  queryClient: QueryClient,
  reads: PublicReads,
  slug: string,
  cursor: LiveCursor,
): Promise<LivePage | null> {
  const page = await reads.live({ slug, ...cursor, limit: LIVE_PAGE_SIZE });
  if (page) queryClient.setQueryData(liveQuery(slug, cursor, reads).queryKey, page);
  return page;
}

export function useLivePage(slug: string, cursor: LiveCursor): LivePage {
  return useSuspenseQuery(liveQuery(slug, cursor)).data;
}
