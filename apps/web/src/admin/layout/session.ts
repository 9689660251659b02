import { api } from '../../lib/api.ts';
import { clearAuth } from '../../lib/auth-store.ts';
import { paths } from '../../lib/paths.ts';
import { reloadAt } from '../lib/navigation.ts';

let leaving = false;

/** True once the page is on its way out, so a cleared session does not navigate twice. */
export const isLeaving = () => leaving;

/** POST /auth/logout; on 200 the persisted state is purged and the page goes home. */
export async function logout(): Promise<void> {
  await api<null>('/auth/logout', { method: 'POST' });
  leaving = true;
  clearAuth();
  reloadAt(paths.home());
}
