import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import {
  CACHE_MS,
  CORRECTIONS_PAGE_SIZE,
  type CorrectionListItem,
  type PublicReads,
} from '@newsroom/contract';
import { httpReads } from './reads.ts';
import { publicRetry } from './retry.ts';

/** One page of `/corrections`: its notes, how many there are in all, and its number. */
export interface CorrectionsPageData {
  items: CorrectionListItem[];
  count: number;
  page: number;
}

/** Page `page` of every correction and update note, newest first (decision 112). */
export const correctionsQuery = (page: number, reads: PublicReads = httpReads) =>
  queryOptions({
    queryKey: ['public', 'corrections', page],
    queryFn: async (): Promise<CorrectionsPageData> => {
      const { data, count } = await reads.corrections({ page, limit: CORRECTIONS_PAGE_SIZE });
      return { items: data, count, page };
    },
    staleTime: CACHE_MS.public,
    gcTime: CACHE_MS.public,
    retry: publicRetry,
  });

export function useCorrections(page: number): CorrectionsPageData {
  return useSuspenseQuery(correctionsQuery(page)).data;
}

/** Whether a page after `data` holds notes. */
export const hasOlderCorrections = (data: CorrectionsPageData) =>
  data.page * CORRECTIONS_PAGE_SIZE < data.count;
