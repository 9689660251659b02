import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { AccessTokens } from './tokens.ts';

/** Admin accounts and sessions. */
export class AuthService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly tokens: AccessTokens,
  ) {}

  /** The admin an access token belongs to, or null when the token or the account is not valid. */
  async authenticate(token: string): Promise<{ id: string; email: string } | null> {
    const claims = await this.tokens.verify(token);
    if (!claims || claims.role !== 'admin') return null;
    const admin = await this.db
      .selectFrom('admins')
      .select(['id', 'email', 'role', 'verified'])
      .where('id', '=', claims.adminId)
      .executeTakeFirst();
    if (!admin || admin.role !== 'admin' || admin.verified !== 1) return null;
    return { id: admin.id, email: admin.email };
  }
}
