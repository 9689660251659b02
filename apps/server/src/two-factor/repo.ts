import type { Kysely } from 'kysely';
import { newId, now } from '../db/ids.ts';
import type { Database } from '../db/schema.ts';

/** A person's two-factor row, as the service reads it. */
export interface TwoFactorRow {
  secret: string | null;
  pendingSecret: string | null;
  enabledAt: string | null;
  lastStep: number | null;
}

/** The queries of two-factor sign-in: secrets, the last step used and recovery codes. */
export class TwoFactorRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async find(adminId: string, db: Kysely<Database> = this.db): Promise<TwoFactorRow | undefined> {
    const row = await db
      .selectFrom('two_factor')
      .select(['secret', 'pending_secret', 'enabled_at', 'last_step'])
      .where('admin_id', '=', adminId)
      .executeTakeFirst();
    return (
      row && {
        secret: row.secret,
        pendingSecret: row.pending_secret,
        enabledAt: row.enabled_at,
        lastStep: row.last_step === null ? null : Number(row.last_step),
      }
    );
  }

  /** Keeps a secret from setup until a code confirms it (a new setup replaces it). */
  async savePending(adminId: string, sealed: string, db: Kysely<Database> = this.db) {
    const stamp = now();
    await db
      .insertInto('two_factor')
      .values({
        admin_id: adminId,
        secret: null,
        pending_secret: sealed,
        enabled_at: null,
        last_step: null,
        updated_at: stamp,
      })
      .onConflict((oc) =>
        oc.column('admin_id').doUpdateSet({ pending_secret: sealed, updated_at: stamp }),
      )
      .execute();
  }

  /** Turns it on with the pending secret, whose code of `step` confirmed it. */
  async enable(adminId: string, step: number, db: Kysely<Database>): Promise<boolean> {
    const stamp = now();
    const done = await db
      .updateTable('two_factor')
      .set((eb) => ({
        secret: eb.ref('pending_secret'),
        pending_secret: null,
        enabled_at: stamp,
        last_step: step,
        updated_at: stamp,
      }))
      .where('admin_id', '=', adminId)
      .where('enabled_at', 'is', null)
      .where('pending_secret', 'is not', null)
      .executeTakeFirst();
    return Number(done.numUpdatedRows) === 1;
  }

  /**
   * Spends the code of `step`: only when it is later than every step spent before, so a code is
   * never accepted twice, even by two requests at once.
   */
  async spendStep(adminId: string, step: number, db: Kysely<Database>): Promise<boolean> {
    const done = await db
      .updateTable('two_factor')
      .set({ last_step: step, updated_at: now() })
      .where('admin_id', '=', adminId)
      .where('enabled_at', 'is not', null)
      .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
      .executeTakeFirst();
    return Number(done.numUpdatedRows) === 1;
  }

  /** Replaces the person's recovery codes by these hashes. */
  async replaceRecoveryCodes(adminId: string, hashes: string[], db: Kysely<Database>) {
    await db.deleteFrom('recovery_codes').where('admin_id', '=', adminId).execute();
    const stamp = now();
    await db
      .insertInto('recovery_codes')
      .values(
        hashes.map((hash) => ({
          id: newId(),
          admin_id: adminId,
          code_hash: hash,
          used_at: null,
          created_at: stamp,
        })),
      )
      .execute();
  }

  /** Uses up an unused recovery code of the person; false when there is none of that hash. */
  async spendRecoveryCode(adminId: string, hash: string, db: Kysely<Database>): Promise<boolean> {
    const done = await db
      .updateTable('recovery_codes')
      .set({ used_at: now() })
      .where('admin_id', '=', adminId)
      .where('code_hash', '=', hash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(done.numUpdatedRows) === 1;
  }

  /** Turns it off: the secret and the recovery codes go. */
  async remove(adminId: string, db: Kysely<Database>): Promise<void> {
    await db.deleteFrom('recovery_codes').where('admin_id', '=', adminId).execute();
    await db.deleteFrom('two_factor').where('admin_id', '=', adminId).execute();
  }
}
