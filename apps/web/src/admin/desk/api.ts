import { useQuery } from '@tanstack/react-query';
import type { DeskSummary, StaffRef } from '@newsroom/contract';
import { api } from '../../lib/api.ts';
import { adminCache, adminKeys } from '../lib/query-keys.ts';

/** What waits for the signed-in person (`GET /desk`): the sidebar's count. */
export function useDeskSummary() {
  return useQuery({
    queryKey: adminKeys.desk,
    queryFn: async ({ signal }) => (await api<DeskSummary>('/desk', { signal })).data,
    ...adminCache,
  });
}

/** Whom an article may be assigned to: the active staff (`GET /staff/authors`). */
export function useAssignableStaff() {
  return useQuery({
    queryKey: ['admin', 'staff', 'authors'],
    queryFn: async ({ signal }) => (await api<StaffRef[]>('/staff/authors', { signal })).data,
    ...adminCache,
  });
}
