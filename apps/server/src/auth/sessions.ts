import type { Kysely, Transaction } from 'kysely';
import { roleSchema } from '@newsroom/contract';
import { newId, now } from '../db/ids.ts';
import type { Database, SessionEndReason } from '../db/schema.ts';
import { RevocationBus, type BusLogger } from './revocation-bus.ts';
import { SessionCache, type SessionState } from './session-cache.ts';

export interface SessionOptions {
  /** How long a session's state may be reused from memory; 0 asks the database every time. */
  cacheSeconds: number;
  /** Shares revocations with every instance using the same Redis server and prefix. */
  redis?: { url: string; prefix: string; log: BusLogger };
}

export interface EndOptions {
  /** A session to keep, such as the one asking for the change. */
  except?: string;
  /** More writes that must commit together with the revocation (run after it). */
  alongside?: (trx: Transaction<Database>) => Promise<void>;
}

/**
 * Sign-in sessions. A session's id is its refresh-token family and the `sid` of its access tokens;
 * ending it revokes both, in the database (which survives restarts) and in the cache of every
 * instance that hears of it.
 */
export class Sessions {
  private readonly cache: SessionCache;
  private readonly bus: RevocationBus | null;

  constructor(
    private readonly db: Kysely<Database>,
    options: SessionOptions,
  ) {
    this.cache = new SessionCache({
      ttlSeconds: options.cacheSeconds,
      trusted: () => this.bus === null || this.bus.live,
    });
    const { redis } = options;
    this.bus = redis
      ? new RevocationBus(
          redis.url,
          `${redis.prefix}sessions:ended`,
          { revoked: (ids) => this.cache.forget(ids), missed: () => this.cache.clear() },
          redis.log,
        )
      : null;
  }

  /** Opens a session for the admin; sessions whose refresh tokens are all gone are pruned. */
  async start(adminId: string, db: Kysely<Database> = this.db): Promise<string> {
    await db
      .deleteFrom('sessions')
      .where('admin_id', '=', adminId)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('refresh_tokens')
              .select('refresh_tokens.id')
              .whereRef('refresh_tokens.family_id', '=', 'sessions.id'),
          ),
        ),
      )
      .execute();
    const id = newId();
    await db
      .insertInto('sessions')
      .values({ id, admin_id: adminId, created_at: now(), revoked_at: null, revoked_reason: null })
      .execute();
    return id;
  }

  /**
   * Whether the session is still on, whose it is and their role now (the person must still be
   * verified, active staff of a known role).
   */
  state(sessionId: string): Promise<SessionState> {
    return this.cache.get(sessionId, async () => {
      const row = await this.db
        .selectFrom('sessions')
        .innerJoin('admins', 'admins.id', 'sessions.admin_id')
        .select(['sessions.admin_id', 'sessions.revoked_at', 'admins.email', 'admins.role'])
        .select(['admins.verified', 'admins.status'])
        .where('sessions.id', '=', sessionId)
        .executeTakeFirst();
      const role = roleSchema.safeParse(row?.role);
      if (
        !row ||
        !role.success ||
        row.revoked_at !== null ||
        row.verified !== 1 ||
        row.status !== 'active'
      ) {
        return { active: false };
      }
      return { active: true, adminId: row.admin_id, email: row.email, role: role.data };
    });
  }

  /**
   * Every instance reads the person's sessions again at their next call (their role changed):
   * the sessions stay open.
   */
  async reread(adminId: string): Promise<void> {
    const ids = await this.db
      .selectFrom('sessions')
      .select('id')
      .where('admin_id', '=', adminId)
      .where('revoked_at', 'is', null)
      .execute();
    await this.announce(ids.map((row) => row.id));
  }

  /** Ends one session: its access tokens are refused and its refresh tokens revoked. */
  async end(sessionId: string, reason: SessionEndReason): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const stamp = now();
      await trx
        .updateTable('sessions')
        .set({ revoked_at: stamp, revoked_reason: reason })
        .where('id', '=', sessionId)
        .where('revoked_at', 'is', null)
        .execute();
      await revokeRefreshTokens(trx, [sessionId], stamp);
    });
    await this.announce([sessionId]);
  }

  /** Ends every open session of an admin but `except`; returns how many ended. */
  async endAllOf(adminId: string, reason: SessionEndReason, options: EndOptions = {}) {
    const ended = await this.db.transaction().execute(async (trx) => {
      const stamp = now();
      let update = trx
        .updateTable('sessions')
        .set({ revoked_at: stamp, revoked_reason: reason })
        .where('admin_id', '=', adminId)
        .where('revoked_at', 'is', null);
      if (options.except) update = update.where('id', '!=', options.except);
      const ids = (await update.returning('id').execute()).map((row) => row.id);
      await revokeRefreshTokens(trx, ids, stamp);
      // After the revocation, which it may undo by failing, or follow by removing the account.
      await options.alongside?.(trx);
      return ids;
    });
    await this.announce(ended);
    return ended.length;
  }

  /** Whether revocations made by other instances reach this one at once (Redis, subscribed). */
  get hearsOtherInstances(): boolean {
    return this.bus?.live ?? false;
  }

  async close(): Promise<void> {
    await this.bus?.close();
  }

  /** After commit: this instance forgets at once, the others when the message reaches them. */
  private async announce(ids: string[]): Promise<void> {
    this.cache.forget(ids);
    await this.bus?.publish(ids);
  }
}

async function revokeRefreshTokens(trx: Transaction<Database>, familyIds: string[], stamp: string) {
  if (familyIds.length === 0) return;
  await trx
    .updateTable('refresh_tokens')
    .set({ revoked_at: stamp })
    .where('family_id', 'in', familyIds)
    .where('revoked_at', 'is', null)
    .execute();
}
