import { can, type Action } from '@newsroom/contract';
import { useAuth } from '../../lib/auth-store.ts';

/**
 * Whether the signed-in person's role may make calls of `action` (the contract's role table, the
 * one the server enforces): screens show only what it allows.
 */
export function useCan(action: Action): boolean {
  const auth = useAuth();
  return auth !== null && can(auth.role, action);
}
