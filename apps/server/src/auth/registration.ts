import { createHash, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  SIGNUP_ROLE,
  registerSchema,
  roleSchema,
  type RegisterInput,
  type VerifyInput,
} from '@newsroom/contract';
import { isUniqueViolation } from '../db/errors.ts';
import { newId, now } from '../db/ids.ts';
import type { Database } from '../db/schema.ts';
import { DomainError } from '../domain/errors.ts';
import { parseInput } from '../domain/validation.ts';
import type { Mailer } from '../mail/mailer.ts';
import { findAdminByEmail, freeStaffSlug, type CreatedAdmin } from './admins.ts';
import { otpMail } from './otp-mail.ts';
import { OTP_TTL_MINUTES, OtpStore } from './otps.ts';
import { hashPassword } from './passwords.ts';

export interface RegistrationDeps {
  mailer: Mailer;
  /** Keys the OTP hashes. */
  jwtSecret: string;
  adminSignupCode: string;
}

const newAdminSchema = z.object({
  name: registerSchema.shape.name,
  email: registerSchema.shape.email,
  password: registerSchema.shape.password,
  verified: z.boolean(),
  /** The sign-up code's role (admin) unless given: the demo seeds staff of every role. */
  role: roleSchema.optional(),
});
export type NewAdmin = z.input<typeof newAdminSchema>;

const duplicateAccount = () =>
  new DomainError(
    'EMAIL_TAKEN',
    'An account with this e-mail already exists. Please sign in instead',
  );

const adminExists = (email: string) =>
  new DomainError('EMAIL_TAKEN', `An admin with e-mail ${email} already exists`);

/**
 * Admin accounts before sign-in: registration with the sign-up code and an e-mailed one-time
 * code, its verification, and direct creation for the CLI and demo seeding.
 */
export class AdminRegistration {
  private readonly otps: OtpStore;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly deps: RegistrationDeps,
  ) {
    this.otps = new OtpStore(db, deps.jwtSecret);
  }

  /**
   * Registers an unverified admin (or updates a pending registration) and e-mails a code. The
   * sign-up code from the query, when given, must match as well as the one in the body.
   */
  async signup(input: RegisterInput, queryCode?: string): Promise<{ email: string }> {
    const codes = queryCode ? [queryCode, input.code] : [input.code];
    if (!codes.every((code) => sameSecret(code, this.deps.adminSignupCode))) {
      throw new DomainError('FORBIDDEN', 'Invalid sign-up code');
    }
    const existing = await this.findByEmail(input.email);
    if (existing?.verified) throw duplicateAccount();
    const passwordHash = await hashPassword(input.password);
    const code = await this.db
      .transaction()
      .execute(async (trx) => {
        const stamp = now();
        if (existing) {
          await trx
            .updateTable('admins')
            .set({ name: input.name, password_hash: passwordHash, updated_at: stamp })
            .where('id', '=', existing.id)
            .execute();
        } else {
          await trx
            .insertInto('admins')
            .values({
              id: newId(),
              name: input.name,
              email: input.email,
              password_hash: passwordHash,
              role: SIGNUP_ROLE,
              verified: 0,
              status: 'active',
              slug: await freeStaffSlug(trx, input.name, input.email),
              created_at: stamp,
              updated_at: stamp,
            })
            .execute();
        }
        return this.otps.issue(input.email, trx);
      })
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? duplicateAccount() : error;
      });
    await this.sendCode(input.email, input.name, code);
    return { email: input.email };
  }

  /** Confirms the e-mailed code: the account becomes verified and the code is spent. */
  async verify(input: VerifyInput): Promise<{ email: string }> {
    await this.otps.check(input.email, input.code);
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('admins')
        .set({ verified: 1, updated_at: now() })
        .where('email', '=', input.email)
        .execute();
      await this.otps.delete(input.email, trx);
    });
    return { email: input.email };
  }

  /** Sends a fresh code to an account awaiting verification; silently nothing otherwise. */
  async resendOtp(email: string): Promise<void> {
    const admin = await this.findByEmail(email);
    if (!admin || admin.verified) return;
    await this.sendCode(email, admin.name, await this.otps.issue(email));
  }

  /** Creates an admin directly, for the CLI and demo seeding. */
  async createAdmin(input: NewAdmin): Promise<CreatedAdmin> {
    const parsed = parseInput(newAdminSchema, input);
    const { name, email, password, verified } = parsed;
    const role = parsed.role ?? SIGNUP_ROLE;
    if (await this.findByEmail(email)) throw adminExists(email);
    const stamp = now();
    const id = newId();
    const passwordHash = await hashPassword(password);
    // Another account may take the same slug meanwhile: then it is chosen again.
    for (let attempt = 1; ; attempt += 1) {
      const row = {
        id,
        name,
        email,
        password_hash: passwordHash,
        role,
        verified: verified ? 1 : 0,
        status: 'active',
        slug: await freeStaffSlug(this.db, name, email),
        created_at: stamp,
        updated_at: stamp,
      };
      try {
        await this.db.insertInto('admins').values(row).execute();
        return { id, email };
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        if (attempt >= 3 || (await this.findByEmail(email))) throw adminExists(email);
      }
    }
  }

  private async sendCode(email: string, name: string, code: string): Promise<void> {
    try {
      await this.deps.mailer.send(otpMail(email, name, code, OTP_TTL_MINUTES));
    } catch {
      throw new DomainError(
        'MAIL_UNAVAILABLE',
        'We could not send the verification e-mail. Please request a new code in a minute',
      );
    }
  }

  private findByEmail(email: string) {
    return findAdminByEmail(this.db, email);
  }
}

/** Compares two secrets in constant time, whatever their lengths. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
