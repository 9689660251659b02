import type { QueryClient } from '@tanstack/react-query';
import { resolveSection } from '@newsroom/contract';
import { categoriesQuery } from '../api/categories.ts';
import { newsListQuery, type NewsFilter } from '../api/news-list.ts';

/**
 * Fetches what a news list page shows: every news for `/`, or the news of the category (and
 * sub-category) the path names. Null when the path names no existing category or sub-category,
 * which answers 404 like an unknown page.
 */
export async function loadNewsList(
  queryClient: QueryClient,
  segments?: { category: string; subcategory?: string },
): Promise<NewsFilter | null> {
  let filter: NewsFilter = {};
  if (segments) {
    const categories = await queryClient.ensureQueryData(categoriesQuery());
    const resolved = resolveSection(categories, segments.category, segments.subcategory);
    if (!resolved) return null;
    filter = resolved;
  }
  await queryClient.prefetchInfiniteQuery(newsListQuery(filter));
  return filter;
}
