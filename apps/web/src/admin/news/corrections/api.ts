import { useQuery } from '@tanstack/react-query';
import type { CorrectionKind, CorrectionNote } from '@newsroom/contract';
import { api } from '../../../lib/api.ts';
import { adminCache } from '../../lib/query-keys.ts';

/** The notes of one article; under the news key, so every news change refreshes them too. */
export const correctionsKey = (newsId: string) => ['admin', 'news', 'corrections', newsId] as const;

const base = (newsId: string) => `/news/${encodeURIComponent(newsId)}/corrections`;

/** Every note of the article with every text it has had (decision 112). */
export function useCorrections(newsId: string) {
  return useQuery({
    queryKey: correctionsKey(newsId),
    queryFn: async ({ signal }) => (await api<CorrectionNote[]>(base(newsId), { signal })).data,
    ...adminCache,
  });
}

export function addCorrection(newsId: string, note: { kind: CorrectionKind; text: string }) {
  return api<CorrectionNote>(base(newsId), { method: 'POST', body: note });
}

export function amendCorrection(newsId: string, noteId: string, text: string) {
  return api<CorrectionNote>(`${base(newsId)}/${encodeURIComponent(noteId)}`, {
    method: 'PUT',
    body: { text },
  });
}
