import { useQuery } from '@tanstack/react-query';
import type { PreviewLink, PreviewRow } from '@newsroom/contract';
import { api } from '../../../lib/api.ts';
import { adminCache } from '../../lib/query-keys.ts';

const base = (newsId: string) => `/news/${encodeURIComponent(newsId)}/previews`;

/** Query key of an article's live preview links. */
export const previewKeys = (newsId: string) => ['admin', 'news', 'previews', newsId] as const;

/** The article's live preview links (`GET /news/{id}/previews`). */
export function usePreviewLinks(newsId: string) {
  return useQuery({
    queryKey: previewKeys(newsId),
    queryFn: async ({ signal }) => (await api<PreviewRow[]>(base(newsId), { signal })).data,
    ...adminCache,
  });
}

export const makePreviewLink = (newsId: string, expiresInHours: number) =>
  api<PreviewLink>(base(newsId), { method: 'POST', body: { expiresInHours } });

export const revokePreviewLink = (newsId: string, previewId: string) =>
  api<PreviewRow>(`${base(newsId)}/${encodeURIComponent(previewId)}`, { method: 'DELETE' });
