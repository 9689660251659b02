import { queryOptions, useQuery } from '@tanstack/react-query';
import { CACHE_MS, TRUNCATE, htmlToText, truncateWords, type NewsDto } from '@newsroom/contract';
import { api } from '../../lib/api.ts';
import { publicRetry } from './retry.ts';

/**
 * What 'Related News' shows of an article, and all the page keeps of it (the server embeds it for
 * hydration): the opening words of the description as plain text, not its rich text.
 */
export interface RelatedItem extends Pick<NewsDto, '_id' | 'slug' | 'title' | 'Image' | 'alt'> {
  excerpt: string;
}

/** GET /u/related-news: up to 5 active articles of the category, the current one left out. */
export async function getRelatedNews(category: string, exclude: string): Promise<RelatedItem[]> {
  const { data } = await api<NewsDto[]>('/u/related-news', { query: { category, exclude } });
  return data.map(({ _id, slug, title, Image, alt, description }) => ({
    _id,
    slug,
    title,
    Image,
    alt,
    excerpt: truncateWords(htmlToText(description), TRUNCATE.relatedWords),
  }));
}

export const relatedNewsQuery = (category: string, exclude: string) =>
  queryOptions({
    queryKey: ['public', 'related', category, exclude.toLowerCase()],
    queryFn: () => getRelatedNews(category, exclude),
    staleTime: CACHE_MS.related,
    gcTime: CACHE_MS.related,
    retry: publicRetry,
  });

export function useRelatedNews(category: string, exclude: string) {
  return useQuery(relatedNewsQuery(category, exclude));
}
