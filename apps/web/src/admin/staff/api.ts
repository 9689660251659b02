import { useQuery } from '@tanstack/react-query';
import type { InvitationDto, InvitationInput, StaffDto, StaffUpdate } from '@newsroom/contract';
import { api } from '../../lib/api.ts';
import { adminCache, adminKeys } from '../lib/query-keys.ts';

/** The people the signed-in person may see on the staff screen, and the open invitations. */
export function useStaff() {
  return useQuery({
    queryKey: adminKeys.staff,
    queryFn: async ({ signal }) => {
      const envelope = await api<StaffDto[]>('/staff', { signal });
      const { invitations } = envelope as typeof envelope & { invitations?: InvitationDto[] };
      return { people: envelope.data, invitations: invitations ?? [] };
    },
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

export const inviteStaff = (body: InvitationInput) =>
  api<InvitationDto>('/staff/invitations', { method: 'POST', body });

export const resendInvitation = (id: string) =>
  api<InvitationDto>(`/staff/invitations/${encodeURIComponent(id)}/resend`, { method: 'POST' });

export const revokeInvitation = (id: string) =>
  api<InvitationDto>(`/staff/invitations/${encodeURIComponent(id)}`, { method: 'DELETE' });
