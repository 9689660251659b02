import type { QueryClient } from '@tanstack/react-query';
import type { NewsDto, PublicReads } from '@newsroom/contract';
import { articleQuery, toArticleView } from '../api/article.ts';

/**
 * Reads the article an article page shows and returns it whole (for the page's head), or null
 * when there is no such article; the query cache keeps only what the page shows of it
 * (`ArticleView`), since the page embeds that for hydration. 'Read this also' and 'Related News'
 * are not read here: the page host joins them into the page (its slots).
 */
export async function loadArticle(
  queryClient: QueryClient,
  reads: PublicReads,
  slug: string,
): Promise<NewsDto | null> {
  const article = await reads.article(slug);
  if (!article) return null;
  queryClient.setQueryData(articleQuery(slug, reads).queryKey, toArticleView(article));
  return article;
}
