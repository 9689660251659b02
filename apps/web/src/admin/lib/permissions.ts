import { can, type Action, type Role } from '@newsroom/contract';
import { useAuth } from '../../lib/auth-store.ts';

/**
 * Whether the signed-in person's role may make calls of `action` (the contract's role table, the
 * one the server enforces): screens show only what it allows.
 */
export function useCan(action: Action): boolean {
  const auth = useAuth();
  return auth !== null && can(auth.role, action);
}

/** How the back office names each role. */
export const ROLE_NAMES: Record<Role, string> = {
  admin: 'Admin',
  editor: 'Editor',
  author: 'Author',
  contributor: 'Contributor',
};
