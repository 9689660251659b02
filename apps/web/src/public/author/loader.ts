import type { QueryClient } from '@tanstack/react-query';
import type { AuthorDto, PublicReads } from '@newsroom/contract';
import { ApiError } from '../../lib/api.ts';
import { authorQuery } from '../api/author.ts';

/**
 * Reads what a person's page shows (the person and page `page` of their articles) into the query
 * cache, and returns the person, or null when no one on the staff has the slug (a 404).
 */
export async function loadAuthor(
  queryClient: QueryClient,
  reads: PublicReads,
  slug: string,
  page: number,
): Promise<AuthorDto | null> {
  try {
    const data = await queryClient.fetchInfiniteQuery(authorQuery(slug, page, reads));
    return data.pages[0]?.author ?? null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      queryClient.removeQueries({ queryKey: authorQuery(slug, page, reads).queryKey });
      return null;
    }
    throw error;
  }
}
