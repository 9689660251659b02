import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { CACHE_MS, PAGE_SIZE, type AuthorDto, type PublicReads } from '@newsroom/contract';
import { ApiError } from '../../lib/api.ts';
import type { NewsPage } from './news-list.ts';
import { toNewsCard } from './news-card.ts';
import { httpReads } from './reads.ts';
import { publicRetry } from './retry.ts';

/** A page of a person's articles, with the person (decision 103). */
export interface AuthorNewsPage extends NewsPage {
  author: AuthorDto;
}

/** One page of the person's public articles, newest first; a 404 when no one has the slug. */
export async function getAuthorPage(
  reads: PublicReads,
  slug: string,
  page: number,
): Promise<AuthorNewsPage> {
  const found = await reads.author({ slug, page, limit: PAGE_SIZE.authorNews });
  if (!found) throw new ApiError(404, `No one on the staff has the address ${slug}`);
  return { author: found.author, items: found.news.map(toNewsCard), count: found.count, page };
}

/**
 * The page after `last`, or undefined once the last article has been loaded. Pages are counted
 * from the first (the page may open at a later one: `/author/{slug}?page=3`).
 */
export function nextAuthorPage(last: AuthorNewsPage): number | undefined {
  return last.items.length > 0 && last.page * PAGE_SIZE.authorNews < last.count
    ? last.page + 1
    : undefined;
}

/** The person's articles from page `start` on, one page more as the reader scrolls. */
export const authorQuery = (slug: string, start: number, reads: PublicReads = httpReads) =>
  infiniteQueryOptions({
    queryKey: ['public', 'author', slug.toLowerCase(), start],
    queryFn: ({ pageParam }) => getAuthorPage(reads, slug, pageParam),
    initialPageParam: start,
    getNextPageParam: nextAuthorPage,
    staleTime: CACHE_MS.public,
    gcTime: CACHE_MS.public,
    retry: publicRetry,
  });

export function useAuthor(slug: string, start: number) {
  return useInfiniteQuery(authorQuery(slug, start));
}
