import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api.ts';
import type { NewsDto } from '@newsroom/contract';
import { articleQuery, getArticle, toArticleView } from '../api/article.ts';
import { latestNewsQuery } from '../api/latest-news.ts';
import { relatedNewsQuery } from '../api/related-news.ts';

/**
 * Fetches what an article page shows and returns the whole article (for the page's head), or
 * null when there is no such article; the query cache keeps only what the page shows of it
 * (`ArticleView`), since the page embeds that for hydration. Runs once per article page view,
 * on the server (the browser hydrates that data and never fetches the article itself), so every
 * page view counts one view.
 */
export async function loadArticle(queryClient: QueryClient, slug: string): Promise<NewsDto | null> {
  const latest = queryClient.prefetchQuery(latestNewsQuery(slug));
  let article: NewsDto;
  try {
    article = await getArticle(slug);
  } catch (error) {
    await latest;
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
  queryClient.setQueryData(articleQuery(slug).queryKey, toArticleView(article));
  const category = article.category?.name;
  await Promise.all([
    latest,
    category ? queryClient.prefetchQuery(relatedNewsQuery(category, slug)) : undefined,
  ]);
  return article;
}
