import type { Kysely } from 'kysely';
import { newId, now } from '../db/ids.ts';
import type { Database, RefreshTokenTable } from '../db/schema.ts';
import { DomainError } from '../domain/errors.ts';
import type { Sessions } from './sessions.ts';
import { REFRESH_TOKEN_TTL_SECONDS, hashOpaqueToken, newOpaqueToken } from './tokens.ts';

const sessionEnded = () =>
  new DomainError('UNAUTHORIZED', 'Your session has ended. Please sign in again');

/**
 * Refresh tokens: random, stored as a hash, single use. Each sign-in starts a family (the
 * session); every refresh marks the presented token used and issues the next one of the same
 * family. A token presented again after use means it leaked, so the whole session is ended.
 */
export class RefreshTokens {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly sessions: Sessions,
  ) {}

  /** A new token for the admin in the family of the given session. */
  async issue(adminId: string, familyId: string, db = this.db): Promise<string> {
    const { token, hash } = newOpaqueToken();
    const stamp = now();
    await db
      .deleteFrom('refresh_tokens')
      .where('admin_id', '=', adminId)
      .where('expires_at', '<=', stamp)
      .execute();
    await db
      .insertInto('refresh_tokens')
      .values({
        id: newId(),
        admin_id: adminId,
        family_id: familyId,
        token_hash: hash,
        expires_at: new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000).toISOString(),
        used_at: null,
        revoked_at: null,
        created_at: stamp,
      })
      .execute();
    return token;
  }

  /** Exchanges a token for the next one of its family; throws UNAUTHORIZED for anything else. */
  async rotate(token: string): Promise<{ adminId: string; familyId: string; token: string }> {
    const row = await this.find(token);
    if (!row) throw sessionEnded();
    if (row.used_at || row.revoked_at) {
      await this.sessions.end(row.family_id, 'refresh-reuse');
      throw sessionEnded();
    }
    if (row.expires_at <= now()) throw sessionEnded();
    const next = await this.db.transaction().execute(async (trx) => {
      const marked = await trx
        .updateTable('refresh_tokens')
        .set({ used_at: now() })
        .where('id', '=', row.id)
        .where('used_at', 'is', null)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      // Zero rows: a parallel request used the token first, which is a reuse as well.
      if (Number(marked.numUpdatedRows) !== 1) return null;
      return this.issue(row.admin_id, row.family_id, trx);
    });
    if (!next) {
      await this.sessions.end(row.family_id, 'refresh-reuse');
      throw sessionEnded();
    }
    return { adminId: row.admin_id, familyId: row.family_id, token: next };
  }

  /** The token's row while it may still be exchanged: unused, unrevoked and unexpired. */
  async findActive(token: string): Promise<RefreshTokenTable | undefined> {
    const row = await this.find(token);
    if (!row || row.used_at || row.revoked_at || row.expires_at <= now()) return undefined;
    return row;
  }

  /** The session a token belongs to, whatever its state; undefined for unknown tokens. */
  async sessionOf(token: string): Promise<string | undefined> {
    return (await this.find(token))?.family_id;
  }

  private find(token: string): Promise<RefreshTokenTable | undefined> {
    return this.db
      .selectFrom('refresh_tokens')
      .selectAll()
      .where('token_hash', '=', hashOpaqueToken(token))
      .executeTakeFirst();
  }
}
