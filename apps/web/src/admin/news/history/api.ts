import { useQuery } from '@tanstack/react-query';
import type {
  Autosave,
  AutosaveFields,
  NewsDto,
  Revision,
  RevisionComparison,
  RevisionSummary,
} from '@newsroom/contract';
import { api } from '../../../lib/api.ts';

/** Query keys of an article's history, under the article's own key so a save makes them stale. */
export const historyKeys = {
  all: (newsId: string) => ['admin', 'news', 'item', newsId, 'history'] as const,
  page: (newsId: string, page: number) => [...historyKeys.all(newsId), 'page', page] as const,
  one: (newsId: string, revisionId: string) =>
    [...historyKeys.all(newsId), 'one', revisionId] as const,
  compare: (newsId: string, from: string, to: string) =>
    [...historyKeys.all(newsId), 'compare', from, to] as const,
  autosave: (newsId: string) => ['admin', 'news', 'autosave', newsId] as const,
};

export const HISTORY_PAGE_SIZE = 10;
const base = (newsId: string) => `/news/${encodeURIComponent(newsId)}`;

export function useRevisions(newsId: string, page: number) {
  return useQuery({
    queryKey: historyKeys.page(newsId, page),
    queryFn: async ({ signal }) => {
      const envelope = await api<RevisionSummary[]>(`${base(newsId)}/revisions`, {
        query: { page, limit: HISTORY_PAGE_SIZE },
        signal,
      });
      return { rows: envelope.data, count: Number(envelope.count ?? envelope.data.length) };
    },
  });
}

export function useRevision(newsId: string, revisionId: string | null) {
  return useQuery({
    queryKey: historyKeys.one(newsId, revisionId ?? ''),
    enabled: revisionId !== null,
    queryFn: async ({ signal }) =>
      (
        await api<Revision>(`${base(newsId)}/revisions/${encodeURIComponent(revisionId ?? '')}`, {
          signal,
        })
      ).data,
    staleTime: Infinity,
  });
}

export function useComparison(newsId: string, pair: { from: string; to: string } | null) {
  return useQuery({
    queryKey: historyKeys.compare(newsId, pair?.from ?? '', pair?.to ?? ''),
    enabled: pair !== null,
    queryFn: async ({ signal }) =>
      (
        await api<RevisionComparison>(`${base(newsId)}/revisions/compare`, {
          query: { from: pair?.from, to: pair?.to },
          signal,
        })
      ).data,
    staleTime: Infinity,
  });
}

export function restoreRevision(newsId: string, revisionId: string) {
  return api<NewsDto>(`${base(newsId)}/revisions/${encodeURIComponent(revisionId)}/restore`, {
    method: 'POST',
  });
}

export function saveAutosave(newsId: string, fields: AutosaveFields) {
  return api<Autosave>(`${base(newsId)}/autosave`, { method: 'PUT', body: fields });
}

export async function fetchAutosave(newsId: string, signal?: AbortSignal) {
  return (await api<Autosave | null>(`${base(newsId)}/autosave`, { signal })).data;
}

export function discardAutosave(newsId: string) {
  return api<null>(`${base(newsId)}/autosave`, { method: 'DELETE' });
}
