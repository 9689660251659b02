import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api.ts';
import { articleQuery } from '../api/article.ts';
import { latestNewsQuery } from '../api/latest-news.ts';
import { relatedNewsQuery } from '../api/related-news.ts';

/**
 * Fetches what an article page shows; false when there is no such article. Runs once per
 * article page view, on the server (the browser hydrates that data and never fetches the
 * article itself), so every page view counts one view.
 */
export async function loadArticle(queryClient: QueryClient, slug: string): Promise<boolean> {
  const latest = queryClient.prefetchQuery(latestNewsQuery(slug));
  let category: string | undefined;
  try {
    const article = await queryClient.fetchQuery({ ...articleQuery(slug), staleTime: 0 });
    category = article.category?.name;
  } catch (error) {
    await latest;
    if (error instanceof ApiError && error.status === 404) return false;
    throw error;
  }
  await Promise.all([
    latest,
    category ? queryClient.prefetchQuery(relatedNewsQuery(category, slug)) : undefined,
  ]);
  return true;
}
