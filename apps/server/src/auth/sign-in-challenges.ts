import type { Kysely } from 'kysely';
import { now } from '../db/ids.ts';
import type { Database } from '../db/schema.ts';
import { DomainError } from '../domain/errors.ts';
import { hashOpaqueToken, newOpaqueToken } from './tokens.ts';

/** How long a person has between their password and their code. */
export const CHALLENGE_TTL_SECONDS = 5 * 60;

export const challengeEnded = () =>
  new DomainError(
    'UNAUTHORIZED',
    'This sign-in has expired or was already completed. Please enter your e-mail and password again',
  );

/**
 * The step between a right password and a code (decision 101): a random token, kept as its hash,
 * bound to the person, valid for five minutes and used up by the sign-in it completes.
 */
export class SignInChallenges {
  constructor(private readonly db: Kysely<Database>) {}

  async issue(adminId: string, db: Kysely<Database> = this.db): Promise<string> {
    const { token, hash } = newOpaqueToken();
    const stamp = now();
    // Old challenges of the person go as new ones come: the table stays small.
    await db
      .deleteFrom('sign_in_challenges')
      .where('admin_id', '=', adminId)
      .where('expires_at', '<=', stamp)
      .execute();
    await db
      .insertInto('sign_in_challenges')
      .values({
        token_hash: hash,
        admin_id: adminId,
        expires_at: new Date(Date.now() + CHALLENGE_TTL_SECONDS * 1000).toISOString(),
        used_at: null,
        created_at: stamp,
      })
      .execute();
    return token;
  }

  /** The person a challenge is for, while it may still be used; UNAUTHORIZED otherwise. */
  async personOf(token: string, db: Kysely<Database> = this.db): Promise<string> {
    const row = await db
      .selectFrom('sign_in_challenges')
      .select(['admin_id', 'expires_at', 'used_at'])
      .where('token_hash', '=', hashOpaqueToken(token))
      .executeTakeFirst();
    if (!row || row.used_at !== null || row.expires_at <= now()) throw challengeEnded();
    return row.admin_id;
  }

  /** Uses the challenge up; of two sign-ins racing with one challenge, one only gets through. */
  async use(token: string, db: Kysely<Database>): Promise<void> {
    const stamp = now();
    const used = await db
      .updateTable('sign_in_challenges')
      .set({ used_at: stamp })
      .where('token_hash', '=', hashOpaqueToken(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', stamp)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) throw challengeEnded();
  }
}
