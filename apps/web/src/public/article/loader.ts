import type { QueryClient } from '@tanstack/react-query';
import { data, type LoaderFunctionArgs } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { articleQuery } from '../api/article.ts';
import { latestNewsQuery } from '../api/latest-news.ts';
import { relatedNewsQuery } from '../api/related-news.ts';

export interface ArticleLoaderData {
  slug: string;
}

/**
 * Runs once per article page view: on the server for a direct load, in the browser for a
 * link inside the site (never both: hydration reuses the server's data). It always fetches
 * the article afresh, and every fetch counts one view.
 */
export function articleLoader(queryClient: QueryClient) {
  return async ({ params }: LoaderFunctionArgs): Promise<ArticleLoaderData> => {
    const slug = params.slug ?? '';
    const latest = queryClient.prefetchQuery(latestNewsQuery(slug));
    let category: string | undefined;
    try {
      const article = await queryClient.fetchQuery({ ...articleQuery(slug), staleTime: 0 });
      category = article.category?.name;
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) throw data(null, { status: 404 });
      throw error;
    }
    await Promise.all([
      latest,
      category ? queryClient.prefetchQuery(relatedNewsQuery(category, slug)) : undefined,
    ]);
    return { slug };
  };
}
