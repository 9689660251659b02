import { queryOptions, useQuery } from '@tanstack/react-query';
import { CACHE_MS, type CategoryDto, type PublicReads } from '@newsroom/contract';
import { httpReads } from './reads.ts';
import { publicRetry } from './retry.ts';

/**
 * What the pages use of a category: its name and its sub-categories' names (the header's menus,
 * the list pages' addresses; names are unique). All a page keeps, and embeds for its hydration,
 * of the answer: ids and dates would be most of its bytes.
 */
export interface NavCategory {
  name: string;
  subcategory: { name: string }[];
}

export function toNavCategory({ name, subcategory }: CategoryDto): NavCategory {
  return { name, subcategory: subcategory.map((sub) => ({ name: sub.name })) };
}

/** Every category with its sub-categories, for the header and the list pages' addresses. */
export const categoriesQuery = (reads: PublicReads = httpReads) =>
  queryOptions({
    queryKey: ['public', 'categories'],
    queryFn: async () => (await reads.categories()).map(toNavCategory),
    staleTime: CACHE_MS.categories,
    gcTime: CACHE_MS.categories,
    retry: publicRetry,
  });

/**
 * The categories, read over HTTP only once `enabled` (the home and list pages have them from the
 * server; other pages read them when the reader reaches for the menu).
 */
export function useCategories(enabled: boolean) {
  return useQuery({ ...categoriesQuery(), enabled });
}
