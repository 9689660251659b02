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

/** Where a sign-in comes from, as the sessions list shows it. */
export interface SignInClient {
  address: string;
  agent: string;
}

/** What the sessions list shows of one open session. */
export interface OpenSession {
  id: string;
  createdAt: string;
  lastUsedAt: string;
  address: string;
  agent: string;
}

/** A sign-in made by the server's own code (seeding, tests), from no address. */
export const UNKNOWN_CLIENT: SignInClient = { address: '', agent: '' };

/** A session's last use is written at most this often (on refresh), never on every call. */
export const LAST_USE_PRECISION_MS = 60_000;

/** User agents are kept to this many characters. */
const AGENT_CHARS = 512;

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

  /**
   * Opens a session for the admin; sessions whose refresh tokens are all gone are pruned. One
   * opened with `enrolmentRequired` may use the person's account calls only until they turn
   * two-factor sign-in on (decision 101).
   */
  async start(
    adminId: string,
    client: SignInClient & { enrolmentRequired?: boolean } = UNKNOWN_CLIENT,
    db: Kysely<Database> = this.db,
  ): Promise<string> {
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
      .values({
        id,
        admin_id: adminId,
        created_at: now(),
        revoked_at: null,
        revoked_reason: null,
        address: client.address,
        agent: client.agent.slice(0, AGENT_CHARS),
        enrolment_required: client.enrolmentRequired ? 1 : 0,
      })
      .execute();
    return id;
  }

  /**
   * The person's open sessions, last used first: not ended, with a refresh token that may still
   * be exchanged.
   */
  async openOf(adminId: string): Promise<OpenSession[]> {
    const stamp = now();
    const rows = await this.db
      .selectFrom('sessions')
      .select(['id', 'created_at', 'last_used_at', 'address', 'agent'])
      .where('admin_id', '=', adminId)
      .where('revoked_at', 'is', null)
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('refresh_tokens')
            .select('refresh_tokens.id')
            .whereRef('refresh_tokens.family_id', '=', 'sessions.id')
            .where('refresh_tokens.used_at', 'is', null)
            .where('refresh_tokens.revoked_at', 'is', null)
            .where('refresh_tokens.expires_at', '>', stamp),
        ),
      )
      .execute();
    return rows
      .map((row) => ({
        id: row.id,
        createdAt: row.created_at,
        lastUsedAt: row.last_used_at ?? row.created_at,
        address: row.address,
        agent: row.agent,
      }))
      .sort((a, b) => b.lastUsedAt.localeCompare(a.lastUsedAt) || a.id.localeCompare(b.id));
  }

  /**
   * Stamps the session as used now, unless it was stamped within the last minute: one cheap
   * conditional write per refresh at most.
   */
  async touch(sessionId: string, db: Kysely<Database> = this.db): Promise<void> {
    const at = new Date();
    const before = new Date(at.getTime() - LAST_USE_PRECISION_MS).toISOString();
    await db
      .updateTable('sessions')
      .set({ last_used_at: at.toISOString() })
      .where('id', '=', sessionId)
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', before)]))
      .execute();
  }

  /**
   * The person turned two-factor sign-in on: their sessions waiting for it may do everything
   * again, on every instance from their next call.
   */
  async enrolled(adminId: string, db: Kysely<Database> = this.db): Promise<string[]> {
    const rows = await db
      .updateTable('sessions')
      .set({ enrolment_required: 0 })
      .where('admin_id', '=', adminId)
      .where('enrolment_required', '=', 1)
      .returning('id')
      .execute();
    return rows.map((row) => row.id);
  }

  /** Every instance reads these sessions again at their next call (after a commit). */
  async forgetStates(ids: string[]): Promise<void> {
    await this.announce(ids);
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
        .select(['admins.verified', 'admins.status', 'sessions.enrolment_required'])
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
      return {
        active: true,
        adminId: row.admin_id,
        email: row.email,
        role: role.data,
        enrolmentRequired: row.enrolment_required === 1,
      };
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
  async end(
    sessionId: string,
    reason: SessionEndReason,
    options: Pick<EndOptions, 'alongside'> = {},
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const stamp = now();
      await trx
        .updateTable('sessions')
        .set({ revoked_at: stamp, revoked_reason: reason })
        .where('id', '=', sessionId)
        .where('revoked_at', 'is', null)
        .execute();
      await revokeRefreshTokens(trx, [sessionId], stamp);
      await options.alongside?.(trx);
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
