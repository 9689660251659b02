import type { QueryClient } from '@tanstack/react-query';
import { toPathSegment, type CategoryDto } from '@newsroom/contract';
import { data, type LoaderFunctionArgs } from 'react-router';
import { categoriesQuery } from '../api/categories.ts';
import { newsListQuery, type NewsFilter } from '../api/news-list.ts';

/** A category or sub-category named in a path, matched by its readable form or its name. */
function sameName(name: string, segment: string): boolean {
  return toPathSegment(name) === toPathSegment(segment);
}

/** The filter a path names, or null when it names no existing category or sub-category. */
export function resolveFilter(
  categories: CategoryDto[],
  categorySegment: string,
  subcategorySegment: string | undefined,
): NewsFilter | null {
  const category = categories.find((c) => sameName(c.name, categorySegment));
  if (!category) return null;
  if (subcategorySegment === undefined) return { category: category.name };
  const sub = category.subcategory.find((s) => sameName(s.name, subcategorySegment));
  return sub ? { category: category.name, subcategory: sub.name } : null;
}

export function homeLoader(queryClient: QueryClient) {
  return async (): Promise<NewsFilter> => {
    await queryClient.prefetchInfiniteQuery(newsListQuery({}));
    return {};
  };
}

/** Unknown categories and sub-categories answer 404, like unknown pages. */
export function categoryLoader(queryClient: QueryClient) {
  return async ({ params }: LoaderFunctionArgs): Promise<NewsFilter> => {
    const categories = await queryClient.ensureQueryData(categoriesQuery());
    const filter = resolveFilter(categories, params.category ?? '', params.subcategory);
    if (!filter) throw data(null, { status: 404 });
    await queryClient.prefetchInfiniteQuery(newsListQuery(filter));
    return filter;
  };
}
