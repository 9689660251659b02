import { reachOf, type StaffRef } from '@newsroom/contract';
import { useAuth } from '../../lib/auth-store.ts';
import { useMe } from '../lib/me.ts';

/**
 * Whether the signed-in person may make an article a live page, end its coverage and run its
 * desk (`news.live` in the role table: any article, their own, or none); undefined while who they
 * are is still being read.
 */
export function useMayRunLive(authors: StaffRef[], own = false): boolean | undefined {
  const auth = useAuth();
  const me = useMe();
  if (!auth) return false;
  const reach = reachOf(auth.role, 'news.live');
  if (reach === 'any') return true;
  if (reach === 'none') return false;
  if (own) return true;
  if (!me.data) return me.isError ? false : undefined;
  return authors.some((author) => author._id === me.data._id);
}
