import { useQuery } from '@tanstack/react-query';
import type {
  RecoveryCodes,
  RequireTwoFactor,
  SecuritySettings,
  SessionDto,
  TwoFactorSetup,
} from '@newsroom/contract';
import { api } from '../../lib/api.ts';
import { adminCache, adminKeys } from '../lib/query-keys.ts';

/** The signed-in person's open sessions (`GET /auth/sessions`). */
export function useSessions() {
  return useQuery({
    queryKey: adminKeys.sessions,
    queryFn: async ({ signal }) => (await api<SessionDto[]>('/auth/sessions', { signal })).data,
    ...adminCache,
  });
}

/** Who must sign in with two factors (`GET /settings/security`; admins only). */
export function useSecuritySettings(enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.securitySettings,
    queryFn: async ({ signal }) =>
      (await api<SecuritySettings>('/settings/security', { signal })).data,
    enabled,
    ...adminCache,
  });
}

export const endSession = (id: string) =>
  api<null>(`/auth/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const setupTwoFactor = () => api<TwoFactorSetup>('/auth/2fa/setup', { method: 'POST' });

export const enableTwoFactor = (code: string) =>
  api<RecoveryCodes>('/auth/2fa/enable', { method: 'POST', body: { code } });

export const disableTwoFactor = (password: string) =>
  api<null>('/auth/2fa/disable', { method: 'POST', body: { password } });

export const saveSecuritySettings = (requireTwoFactor: RequireTwoFactor) =>
  api<SecuritySettings>('/settings/security', { method: 'PUT', body: { requireTwoFactor } });
