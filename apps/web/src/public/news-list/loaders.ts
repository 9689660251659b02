import type { QueryClient } from '@tanstack/react-query';
import { resolveSection, type PublicReads } from '@newsroom/contract';
import { categoriesQuery } from '../api/categories.ts';
import { newsListQuery, type NewsFilter } from '../api/news-list.ts';

/**
 * Reads what a news list page shows: every news for `/`, or the news of the category (and
 * sub-category) the path names, and the categories for the header's menu, which these pages
 * render themselves (it marks the current category). Null when the path names no existing
 * category or sub-category, which answers 404 like an unknown page.
 */
export async function loadNewsList(
  queryClient: QueryClient,
  reads: PublicReads,
  segments?: { category: string; subcategory?: string },
): Promise<NewsFilter | null> {
  if (!segments) {
    // The home page shows its news without the menu when the categories cannot be read.
    await Promise.all([
      queryClient.prefetchQuery(categoriesQuery(reads)),
      queryClient.prefetchInfiniteQuery(newsListQuery({}, reads)),
    ]);
    return {};
  }
  const categories = await queryClient.ensureQueryData(categoriesQuery(reads));
  const filter = resolveSection(categories, segments.category, segments.subcategory);
  if (!filter) return null;
  await queryClient.prefetchInfiniteQuery(newsListQuery(filter, reads));
  return filter;
}
