import { useQuery } from '@tanstack/react-query';
import { PAGE_SIZE, type AdminNewsPage, type NewsDto } from '@newsroom/contract';
import { api } from '../../lib/api.ts';
import { adminCache, adminKeys } from '../lib/query-keys.ts';

export function useNewsPage(page: number) {
  return useQuery({
    queryKey: adminKeys.newsPage(page),
    queryFn: async ({ signal }) => {
      const envelope = await api<AdminNewsPage>('/news/get', {
        query: { page, limit: PAGE_SIZE.adminNews },
        signal,
      });
      return { rows: envelope.data.data, count: envelope.data.count };
    },
    ...adminCache,
  });
}

export async function fetchNewsItem(id: string, signal?: AbortSignal): Promise<NewsDto> {
  return (await api<NewsDto>(`/news/get/${encodeURIComponent(id)}`, { signal })).data;
}

export function newsItemQuery(id: string) {
  return {
    queryKey: adminKeys.newsItem(id),
    queryFn: ({ signal }: { signal: AbortSignal }) => fetchNewsItem(id, signal),
    ...adminCache,
  };
}

export function saveNews(form: FormData, id?: string) {
  return id
    ? api<NewsDto>(`/news/update/${encodeURIComponent(id)}`, { method: 'PUT', body: form })
    : api<NewsDto>('/news/create', { method: 'POST', body: form });
}

export function deleteNews(id: string) {
  return api<unknown>(`/news/delete/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** News changes make the news table, its items and the dashboard's totals stale. */
export const newsInvalidates = [adminKeys.news, adminKeys.dashboard];
