import type { Kysely, SelectQueryBuilder } from 'kysely';
import {
  AUDIT_COUNT_LIMIT,
  AUDIT_KINDS,
  type AuditAction,
  type AuditChange,
  type AuditEntryDto,
  type AuditKind,
} from '@newsroom/contract';
import type { AuditEntryTable, Database } from '../db/schema.ts';

/** What a list of entries is narrowed to; `kinds` is what the reader may see at all. */
export interface AuditFilters {
  kinds: readonly AuditKind[];
  actor?: string;
  kind?: AuditKind;
  action?: AuditAction;
  from?: string;
  to?: string;
}

type Entries = SelectQueryBuilder<Database, 'audit_entries', object>;

/** The audit table, read newest first; nothing here writes it (record.ts does, in each change). */
export class AuditRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** A page of entries, newest first. */
  async page(filters: AuditFilters, page: number, limit: number): Promise<AuditEntryDto[]> {
    const rows = await this.matching(filters)
      .selectAll()
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute();
    return rows.map(toDto);
  }

  /** How many entries match, counted up to one past AUDIT_COUNT_LIMIT (decision 105). */
  async count(filters: AuditFilters): Promise<number> {
    // In the list's order, so the count reads the newest rows of the filter's index, and only it.
    const capped = this.matching(filters)
      .select('id')
      .orderBy('at', 'desc')
      .limit(AUDIT_COUNT_LIMIT + 1)
      .as('capped');
    const row = await this.db
      .selectFrom(capped)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  private matching(filters: AuditFilters): Entries {
    let query: Entries = this.db.selectFrom('audit_entries');
    if (filters.kind) query = query.where('kind', '=', filters.kind);
    // Someone who may read every kind reads without the condition, which would only cost.
    else if (filters.kinds.length < AUDIT_KINDS.length) {
      query = query.where('kind', 'in', filters.kinds);
    }
    if (filters.actor) query = query.where('actor_id', '=', filters.actor);
    if (filters.action) query = query.where('action', '=', filters.action);
    if (filters.from) query = query.where('at', '>=', filters.from);
    if (filters.to) query = query.where('at', '<=', filters.to);
    return query;
  }
}

function toDto(row: AuditEntryTable): AuditEntryDto {
  return {
    _id: row.id,
    at: row.at,
    actor: row.actor_id ? { _id: row.actor_id, name: row.actor_name ?? '' } : null,
    action: row.action as AuditAction,
    kind: row.kind as AuditKind,
    thingId: row.thing_id,
    title: row.title,
    address: row.address,
    changes: JSON.parse(row.changes) as AuditChange[],
  };
}
