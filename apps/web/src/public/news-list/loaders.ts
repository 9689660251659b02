import type { QueryClient } from '@tanstack/react-query';
import type { PublicReads } from '@newsroom/contract';
import { newsListQuery, type NewsFilter } from '../api/news-list.ts';

/**
 * Reads what a news list page shows: every news for `/`, or the news of the category (and
 * sub-category) the path names. Null when the path names no existing category or sub-category,
 * which answers 404 like an unknown page. The header's menu is a shared part the page host joins
 * (slots/page-slots.ts).
 */
export async function loadNewsList(
  queryClient: QueryClient,
  reads: PublicReads,
  segments?: { category: string; subcategory?: string },
): Promise<NewsFilter | null> {
  if (!segments) {
    await queryClient.prefetchInfiniteQuery(newsListQuery({}, reads));
    return {};
  }
  const filter = await reads.section(segments.category, segments.subcategory);
  if (!filter) return null;
  await queryClient.prefetchInfiniteQuery(newsListQuery(filter, reads));
  return filter;
}
