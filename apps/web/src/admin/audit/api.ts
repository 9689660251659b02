import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditEntryDto, AuditKind, AuditAction } from '@newsroom/contract';
import { api } from '../../lib/api.ts';
import { adminCache, adminKeys } from '../lib/query-keys.ts';

/** The filters of the audit screen, as its address keeps them. */
export interface AuditFilters {
  page: number;
  actor?: string;
  kind?: AuditKind;
  action?: AuditAction;
  /** Days (YYYY-MM-DD) in the reader's own time zone, both included. */
  fromDay?: string;
  toDay?: string;
}

export const AUDIT_PAGE_SIZE = 20;

/** The first and last instant of a local day, as the API takes them. */
const startOf = (day: string) => new Date(`${day}T00:00:00`).toISOString();
const endOf = (day: string) => new Date(`${day}T23:59:59.999`).toISOString();

/** A page of the audit trail, newest first; the previous page stays shown while the next loads. */
export function useAuditEntries(filters: AuditFilters) {
  return useQuery({
    queryKey: adminKeys.audit(filters),
    queryFn: async ({ signal }) => {
      const envelope = await api<AuditEntryDto[]>('/audit', {
        signal,
        query: {
          page: filters.page,
          limit: AUDIT_PAGE_SIZE,
          actor: filters.actor,
          kind: filters.kind,
          action: filters.action,
          from: filters.fromDay ? startOf(filters.fromDay) : undefined,
          to: filters.toDay ? endOf(filters.toDay) : undefined,
        },
      });
      const { count, countCapped } = envelope as typeof envelope & {
        count?: number;
        countCapped?: boolean;
      };
      return { entries: envelope.data, count: count ?? 0, countCapped: countCapped ?? false };
    },
    placeholderData: keepPreviousData,
    // A trail shown from memory would hide the change just made: read again on every visit.
    ...adminCache,
    staleTime: 0,
  });
}
