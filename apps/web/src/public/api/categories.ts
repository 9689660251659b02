import { queryOptions, useQuery } from '@tanstack/react-query';
import { CACHE_MS, type CategoryDto } from '@newsroom/contract';
import { api } from '../../lib/api.ts';
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

/** GET /u/category-list: every category with its sub-categories, for the header and filters. */
export async function getCategories(): Promise<NavCategory[]> {
  const { data } = await api<CategoryDto[]>('/u/category-list');
  return data.map(({ name, subcategory }) => ({
    name,
    subcategory: subcategory.map((sub) => ({ name: sub.name })),
  }));
}

export const categoriesQuery = () =>
  queryOptions({
    queryKey: ['public', 'categories'],
    queryFn: getCategories,
    staleTime: CACHE_MS.categories,
    gcTime: CACHE_MS.categories,
    retry: publicRetry,
  });

/** The categories, or none while they load or when they cannot be read. */
export function useCategories(): NavCategory[] {
  return useQuery(categoriesQuery()).data ?? [];
}
