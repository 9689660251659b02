import { useQuery } from '@tanstack/react-query';
import {
  PAGE_SIZE,
  type CategoryDto,
  type NameInput,
  type PersonDto,
  type SubCategoryDto,
  type SubCategoryInput,
} from '@newsroom/contract';
import { api } from '../../lib/api.ts';
import { adminCache, adminKeys, categoryCache } from '../lib/query-keys.ts';

/** The three entities that are only a name: their API prefix, labels and query key. */
export interface NamedEntity {
  resource: '/category' | '/anchor' | '/publisher';
  /** "Category", "Anchor", "Publisher": used in titles ('Create Category'). */
  label: string;
  queryKey: readonly string[];
  /** What a change makes stale. */
  invalidates: (readonly string[])[];
  cache: { staleTime: number; gcTime: number };
}

export const categoryEntity: NamedEntity = {
  resource: '/category',
  label: 'Category',
  queryKey: adminKeys.categories,
  invalidates: [adminKeys.categories, adminKeys.subCategories],
  cache: categoryCache,
};

export const anchorEntity: NamedEntity = {
  resource: '/anchor',
  label: 'Anchor',
  queryKey: adminKeys.anchors,
  invalidates: [adminKeys.anchors, adminKeys.dashboard],
  cache: adminCache,
};

export const publisherEntity: NamedEntity = {
  resource: '/publisher',
  label: 'Publisher',
  queryKey: adminKeys.publishers,
  invalidates: [adminKeys.publishers, adminKeys.dashboard],
  cache: adminCache,
};

export function useNamedList<T extends PersonDto | CategoryDto>(entity: NamedEntity) {
  return useQuery({
    queryKey: entity.queryKey,
    queryFn: async ({ signal }) => (await api<T[]>(`${entity.resource}/get`, { signal })).data,
    ...entity.cache,
  });
}

export const useCategories = () => useNamedList<CategoryDto>(categoryEntity);
export const useAnchors = () => useNamedList<PersonDto>(anchorEntity);
export const usePublishers = () => useNamedList<PersonDto>(publisherEntity);

export function saveNamed(entity: NamedEntity, input: NameInput, id?: string) {
  return id
    ? api<PersonDto>(`${entity.resource}/update/${encodeURIComponent(id)}`, {
        method: 'PUT',
        body: input,
      })
    : api<PersonDto>(`${entity.resource}/create`, { method: 'POST', body: input });
}

export function deleteNamed(entity: NamedEntity, id: string) {
  return api<unknown>(`${entity.resource}/delete/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useSubCategoryPage(page: number) {
  return useQuery({
    queryKey: adminKeys.subCategoryPage(page),
    queryFn: async ({ signal }) => {
      const envelope = await api<SubCategoryDto[]>('/subCategory/get-list', {
        query: { page, limit: PAGE_SIZE.subCategories },
        signal,
      });
      return { rows: envelope.data, count: envelope.count ?? envelope.data.length };
    },
    ...adminCache,
  });
}

export function saveSubCategory(input: SubCategoryInput, id?: string) {
  return id
    ? api<SubCategoryDto>(`/subCategory/update/${encodeURIComponent(id)}`, {
        method: 'PUT',
        body: input,
      })
    : api<SubCategoryDto>('/subCategory/create', { method: 'POST', body: input });
}

export function deleteSubCategory(id: string) {
  return api<unknown>(`/subCategory/delete/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
