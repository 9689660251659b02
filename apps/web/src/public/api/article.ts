import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import {
  CACHE_MS,
  type NewsDto,
  type PublicCorrection,
  type PublicReads,
} from '@newsroom/contract';
import { ApiError } from '../../lib/api.ts';
import { httpReads } from './reads.ts';
import { publicRetry } from './retry.ts';

/**
 * What the article page shows of the article, and all the browser gets of it: the page embeds
 * it for hydration. The head (made on the server) reads the whole answer (`loadArticle`).
 */
export interface ArticleView extends Pick<
  NewsDto,
  | 'title'
  | 'slug'
  | 'createdAt'
  | 'Image'
  | 'alt'
  | 'description'
  | 'videoURL'
  | 'tags'
  | 'live'
  | 'liveEndedAt'
> {
  category: { name: string } | null;
  subcategory: { name: string } | null;
  publisher: { name: string } | null;
  /** The byline: each author's name and page (decision 103). */
  authors: { name: string; slug: string }[];
  /** Its corrections and update notes, newest first (decision 112). */
  corrections: PublicCorrection[];
}

const named = (ref: { name: string } | null) => ref && { name: ref.name };

export function toArticleView(article: NewsDto): ArticleView {
  const { title, slug, createdAt, Image, alt, description, videoURL, tags } = article;
  return {
    live: article.live,
    liveEndedAt: article.liveEndedAt,
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
    authors: article.authors.map(({ name, slug }) => ({ name, slug })),
    corrections: (article.corrections ?? []).map(({ kind, text, createdAt }) => ({
      kind,
      text,
      createdAt,
    })),
  };
}

/**
 * The article read. Over HTTP each call counts a view, so the cached copy never refetches on its
 * own (no refetch on mount, focus or reconnect): the page's loader reads it once per page view.
 */
export const articleQuery = (slug: string, reads: PublicReads = httpReads) =>
  queryOptions({
    queryKey: ['public', 'article', slug.toLowerCase()],
    queryFn: async () => {
      const article = await reads.article(slug);
      if (!article) throw new ApiError(404, `No article ${slug}`);
      return toArticleView(article);
    },
    staleTime: Infinity,
    gcTime: CACHE_MS.public,
    retry: publicRetry,
  });

export function useArticle(slug: string): ArticleView {
  return useSuspenseQuery(articleQuery(slug)).data;
}
