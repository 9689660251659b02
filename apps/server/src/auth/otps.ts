import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { LIMITS } from '@newsroom/contract';
import { now } from '../db/ids.ts';
import type { Database } from '../db/schema.ts';
import { DomainError } from '../domain/errors.ts';

export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;

/** A code that can no longer be used (expired or out of tries): asking again will not help. */
const gone = (message: string) => new DomainError('GONE', message);
const badCode = (message: string) => new DomainError('BAD_REQUEST', message);

/**
 * One-time codes sent by e-mail: one per address, stored as an HMAC keyed with the server secret,
 * valid for 10 minutes and for at most 5 tries.
 */
export class OtpStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly secret: string,
  ) {}

  /** Replaces any earlier code of this address with a fresh one and returns it. */
  async issue(email: string, db: Kysely<Database> = this.db): Promise<string> {
    const code = String(randomInt(0, 10 ** LIMITS.otpDigits)).padStart(LIMITS.otpDigits, '0');
    const sentAt = new Date();
    const row = {
      email,
      code_hash: this.hash(email, code),
      expires_at: new Date(sentAt.getTime() + OTP_TTL_MINUTES * 60_000).toISOString(),
      attempts: 0,
      sent_at: sentAt.toISOString(),
    };
    await db
      .insertInto('otps')
      .values(row)
      .onConflict((oc) => oc.column('email').doUpdateSet(row))
      .execute();
    return code;
  }

  /**
   * Spends one try of the address's code and throws unless `code` is right. The try is counted
   * before the comparison, in one statement, so parallel guesses cannot exceed the limit.
   */
  async check(email: string, code: string): Promise<void> {
    const row = await this.db
      .updateTable('otps')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('email', '=', email)
      .where('attempts', '<', OTP_MAX_ATTEMPTS)
      .returning(['code_hash', 'attempts', 'expires_at'])
      .executeTakeFirst();
    if (!row) {
      const spent = await this.db
        .selectFrom('otps')
        .select('email')
        .where('email', '=', email)
        .executeTakeFirst();
      if (spent) throw gone(TOO_MANY_TRIES);
      throw badCode('No verification code is pending for this e-mail. Please request a new code');
    }
    if (row.expires_at <= now()) {
      await this.delete(email);
      throw gone('This code has expired. Please request a new code');
    }
    if (!sameHash(row.code_hash, this.hash(email, code))) {
      const left = OTP_MAX_ATTEMPTS - Number(row.attempts);
      if (left <= 0) throw gone(TOO_MANY_TRIES);
      throw badCode(`Incorrect code. ${left} ${left === 1 ? 'try' : 'tries'} left`);
    }
  }

  async delete(email: string, db: Kysely<Database> = this.db): Promise<void> {
    await db.deleteFrom('otps').where('email', '=', email).execute();
  }

  private hash(email: string, code: string): string {
    return createHmac('sha256', this.secret).update(`otp:${email}:${code}`).digest('hex');
  }
}

const TOO_MANY_TRIES = 'Too many wrong codes: this code no longer works. Please request a new code';

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
