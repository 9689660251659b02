import type { QueryClient } from '@tanstack/react-query';
import type { PublicReads } from '@newsroom/contract';
import { correctionsQuery, type CorrectionsPageData } from '../api/corrections.ts';

/**
 * Reads page `page` of `/corrections` into the query cache. Null for a page past the last (a
 * 404); the first page exists even with no note yet.
 */
export async function loadCorrections(
  queryClient: QueryClient,
  reads: PublicReads,
  page: number,
): Promise<CorrectionsPageData | null> {
  const data = await queryClient.fetchQuery(correctionsQuery(page, reads));
  if (page > 1 && data.items.length === 0) {
    queryClient.removeQueries({ queryKey: correctionsQuery(page, reads).queryKey });
    return null;
  }
  return data;
}
