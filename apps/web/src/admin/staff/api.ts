import { useQuery } from '@tanstack/react-query';
import type { StaffDto, StaffUpdate } from '@newsroom/contract';
import { api } from '../../lib/api.ts';
import { adminCache, adminKeys } from '../lib/query-keys.ts';

/** The people the signed-in person may see on the staff screen. */
export function useStaff() {
  return useQuery({
    queryKey: adminKeys.staff,
    queryFn: async ({ signal }) => (await api<StaffDto[]>('/staff', { signal })).data,
    ...adminCache,
  });
}

export const updateStaff = (id: string, body: StaffUpdate) =>
  api<StaffDto>(`/staff/${encodeURIComponent(id)}`, { method: 'PUT', body });

export const removeStaff = (id: string, transferTo: string) =>
  api<StaffDto>(`/staff/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    query: { transferTo },
  });
