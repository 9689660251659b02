import type { Kysely } from 'kysely';
import { revisionRetentionSchema, type RevisionRetention } from '@newsroom/contract';
import type { Database } from '../db/schema.ts';
import type { Clock } from '../domain/clock.ts';
import { changesBetween, recordAudit } from '../audit/record.ts';
import type { Actor } from '../domain/actor.ts';
import { SettingsStore } from '../settings/store.ts';
import { RevisionRepository } from './repo.ts';

const KEY = 'revisions.retention';
/** By default the revisions of a deleted article are kept for ever (decision 109). */
const KEEP: RevisionRetention = { deletedArticleDays: null };
const DAY_MS = 24 * 60 * 60 * 1000;

const wordsOf = ({ deletedArticleDays: days }: RevisionRetention) =>
  days === null ? 'kept for ever' : `${days} days`;

/**
 * How long the revisions of a deleted article are kept (an admin setting in the settings store),
 * and the sweep that removes them once that has passed (decision 109; run by process/periodic-sweep.ts).
 */
export class RevisionRetentionPolicy {
  private readonly settings: SettingsStore;
  private readonly repo: RevisionRepository;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {
    this.settings = new SettingsStore(db);
    this.repo = new RevisionRepository(db);
  }

  read(): Promise<RevisionRetention> {
    return this.settings.read(KEY, revisionRetentionSchema, KEEP);
  }

  /** Sets it, with its audit entry, in one transaction. */
  async write(actor: Actor, value: RevisionRetention): Promise<RevisionRetention> {
    await this.db.transaction().execute(async (trx) => {
      const before = await this.settings.read(KEY, revisionRetentionSchema, KEEP, trx);
      await this.settings.write(KEY, value, trx);
      await recordAudit(trx, actor, {
        action: 'update',
        kind: 'settings',
        thingId: KEY,
        title: 'Revision retention',
        changes: changesBetween(
          { deletedArticleDays: wordsOf(before) },
          { deletedArticleDays: wordsOf(value) },
        ),
      });
    });
    return value;
  }

  /** Removes the revisions of articles deleted longer ago than the setting; returns how many. */
  async sweep(): Promise<number> {
    const { deletedArticleDays } = await this.read();
    if (deletedArticleDays === null) return 0;
    const cutoff = new Date(this.clock.now().getTime() - deletedArticleDays * DAY_MS);
    return this.repo.removeDeletedBefore(cutoff.toISOString());
  }
}
