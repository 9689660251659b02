import { useQuery } from '@tanstack/react-query';
import type { Me } from '@newsroom/contract';
import { api } from '../../lib/api.ts';
import { adminCache, adminKeys } from './query-keys.ts';

/** The signed-in person (`GET /auth/me`): whose articles are "own". */
export function useMe() {
  return useQuery({
    queryKey: adminKeys.me,
    queryFn: async ({ signal }) => (await api<Me>('/auth/me', { signal })).data,
    ...adminCache,
  });
}
