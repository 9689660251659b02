import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { CACHE_MS, type NewsDto } from '@newsroom/contract';
import { ApiError, api } from '../../lib/api.ts';
import { publicRetry } from './retry.ts';

/** GET /u/news/{slug}: the article; every call counts one view. */
export async function getArticle(slug: string): Promise<NewsDto> {
  const article = (await api<NewsDto[]>(`/u/news/${encodeURIComponent(slug)}`)).data[0];
  if (!article) throw new ApiError(404, `No article ${slug}`);
  return article;
}

/**
 * What the article page shows of the article, and all the browser gets of it: the page embeds
 * it for hydration. The head (made on the server) reads the whole answer (`loadArticle`).
 */
export interface ArticleView extends Pick<
  NewsDto,
  'title' | 'slug' | 'createdAt' | 'Image' | 'alt' | 'description' | 'videoURL' | 'tags'
> {
  category: { name: string } | null;
  subcategory: { name: string } | null;
  publisher: { name: string } | null;
}

const named = (ref: { name: string } | null) => ref && { name: ref.name };

export function toArticleView(article: NewsDto): ArticleView {
  const { title, slug, createdAt, Image, alt, description, videoURL, tags } = article;
  return {
    title,
    slug,
    createdAt,
    Image,
    alt,
    description,
    videoURL,
    tags,
    category: named(article.category),
    subcategory: named(article.subcategory),
    publisher: named(article.publisher),
  };
}

/**
 * The article read. Each call counts a view, so the cached copy never refetches on its own
 * (no refetch on mount, focus or reconnect): the route loader fetches once per page view.
 */
export const articleQuery = (slug: string) =>
  queryOptions({
    queryKey: ['public', 'article', slug.toLowerCase()],
    queryFn: async () => toArticleView(await getArticle(slug)),
    staleTime: Infinity,
    gcTime: CACHE_MS.public,
    retry: publicRetry,
  });

export function useArticle(slug: string): ArticleView {
  return useSuspenseQuery(articleQuery(slug)).data;
}
