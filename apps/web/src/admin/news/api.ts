import { useQuery } from '@tanstack/react-query';
import { PAGE_SIZE, type AdminNewsDto, type AdminNewsPage, type Stage } from '@newsroom/contract';
import { api } from '../../lib/api.ts';
import { adminCache, adminKeys } from '../lib/query-keys.ts';

/** What the news table shows: one stage, the articles assigned to me, or both (decision 106). */
export interface NewsTableFilter {
  stage?: Stage | undefined;
  mine?: boolean;
}

export function useNewsPage(page: number, filter: NewsTableFilter = {}) {
  return useQuery({
    queryKey: adminKeys.newsPage(page, filter),
    queryFn: async ({ signal }) => {
      const envelope = await api<AdminNewsPage>('/news/get', {
        query: {
          page,
          limit: PAGE_SIZE.adminNews,
          ...(filter.stage && { stage: filter.stage }),
          ...(filter.mine && { assignee: 'me' }),
        },
        signal,
      });
      return { rows: envelope.data.data, count: envelope.data.count };
    },
    ...adminCache,
  });
}

export async function fetchNewsItem(id: string, signal?: AbortSignal): Promise<AdminNewsDto> {
  return (await api<AdminNewsDto>(`/news/get/${encodeURIComponent(id)}`, { signal })).data;
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
    ? api<AdminNewsDto>(`/news/update/${encodeURIComponent(id)}`, { method: 'PUT', body: form })
    : api<AdminNewsDto>('/news/create', { method: 'POST', body: form });
}

export function deleteNews(id: string) {
  return api<unknown>(`/news/delete/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** News changes make the news table, its items and the dashboard's totals stale. */
export const newsInvalidates = [adminKeys.news, adminKeys.dashboard];
