import { queryOptions, useQuery } from '@tanstack/react-query';
import { CACHE_MS, type CategoryDto } from '@newsroom/contract';
import { api } from '../../lib/api.ts';
import { publicRetry } from './retry.ts';

/** GET /u/category-list: every category with its sub-categories, for the header and filters. */
export async function getCategories(): Promise<CategoryDto[]> {
  return (await api<CategoryDto[]>('/u/category-list')).data;
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
export function useCategories(): CategoryDto[] {
  return useQuery(categoriesQuery()).data ?? [];
}
