import type { Kysely } from 'kysely';
import {
  AUDIT_COUNT_LIMIT,
  AUDIT_KINDS,
  auditKindsOf,
  type AuditEntryDto,
  type AuditQuery,
} from '@newsroom/contract';
import type { Database } from '../db/schema.ts';
import type { Actor } from '../domain/actor.ts';
import { DomainError, validationFailed } from '../domain/errors.ts';
import { AuditRepository } from './repo.ts';

export interface AuditPage {
  data: AuditEntryDto[];
  count: number;
  /** True when more entries match than were counted (`count` is then AUDIT_COUNT_LIMIT). */
  countCapped: boolean;
}

/**
 * The audit trail as staff read it (decision 105): an admin reads every entry, an editor those
 * of articles. Entries are written by the changes themselves (record.ts) and never changed.
 */
export class AuditService {
  private readonly repo: AuditRepository;

  constructor(db: Kysely<Database>) {
    this.repo = new AuditRepository(db);
  }

  async list(viewer: Actor, query: AuditQuery): Promise<AuditPage> {
    const kinds = auditKindsOf(viewer.role);
    if (query.kind && !kinds.includes(query.kind)) {
      throw new DomainError(
        'FORBIDDEN',
        kinds.length === AUDIT_KINDS.length
          ? 'Your role may not see these entries'
          : 'Your role may see the audit entries of articles only',
      );
    }
    if (query.from && query.to && Date.parse(query.from) > Date.parse(query.to)) {
      throw validationFailed([
        { path: 'to', message: 'The end of the period is before its start' },
      ]);
    }
    const filters = {
      kinds,
      actor: query.actor,
      kind: query.kind,
      action: query.action,
      // Stored times are UTC instants of one width: the bounds are compared as the same text.
      from: query.from && new Date(query.from).toISOString(),
      to: query.to && new Date(query.to).toISOString(),
    };
    const [data, counted] = await Promise.all([
      this.repo.page(filters, query.page, query.limit),
      this.repo.count(filters),
    ]);
    const countCapped = counted > AUDIT_COUNT_LIMIT;
    return { data, count: countCapped ? AUDIT_COUNT_LIMIT : counted, countCapped };
  }
}
