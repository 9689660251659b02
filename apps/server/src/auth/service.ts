import { createHash, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  registerSchema,
  type ChangePasswordInput,
  type LoginData,
  type LoginInput,
  type RegisterInput,
  type VerifyInput,
} from '@newsroom/contract';
import { isUniqueViolation } from '../db/errors.ts';
import { newId, now } from '../db/ids.ts';
import type { Database } from '../db/schema.ts';
import { DomainError } from '../domain/errors.ts';
import { parseInput } from '../domain/validation.ts';
import type { Mailer } from '../mail/mailer.ts';
import { changePassword } from './change-password.ts';
import { ACCESS_COOKIE, REFRESH_COOKIE } from './cookies.ts';
import { otpMail } from './otp-mail.ts';
import { OTP_TTL_MINUTES, OtpStore } from './otps.ts';
import { hashPassword, verifyDecoy, verifyPassword } from './passwords.ts';
import { RefreshTokens } from './refresh-tokens.ts';
import type { Sessions } from './sessions.ts';
import type { AccessTokens } from './tokens.ts';

export interface SessionAdmin {
  id: string;
  email: string;
  /** The sign-in this request belongs to. */
  sessionId: string;
}

/** An admin as created by the CLI or seeding, before any sign-in. */
export interface CreatedAdmin {
  id: string;
  email: string;
}

export interface AuthDeps {
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
});
export type NewAdmin = z.input<typeof newAdminSchema>;

const duplicateAccount = () =>
  new DomainError(
    'EMAIL_TAKEN',
    'An account with this e-mail already exists. Please sign in instead',
  );

const adminExists = (email: string) =>
  new DomainError('EMAIL_TAKEN', `An admin with e-mail ${email} already exists`);

/** Admin accounts and sessions: sign-up with an e-mailed code, sign-in, refresh and sign-out. */
export class AuthService {
  private readonly otps: OtpStore;
  private readonly refreshTokens: RefreshTokens;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly tokens: AccessTokens,
    private readonly sessions: Sessions,
    private readonly deps: AuthDeps,
  ) {
    this.otps = new OtpStore(db, deps.jwtSecret);
    this.refreshTokens = new RefreshTokens(db, sessions);
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
              role: 'admin',
              verified: 0,
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

  async login(input: LoginInput): Promise<LoginData> {
    const admin = await this.findByEmail(input.email);
    const valid = admin
      ? await verifyPassword(admin.password_hash, input.password)
      : await verifyDecoy(input.password);
    if (!admin || !valid) throw new DomainError('UNAUTHORIZED', 'Invalid email or password');
    if (!admin.verified) {
      throw new DomainError(
        'FORBIDDEN',
        'Please verify your e-mail address first: enter the code we sent you, or request a new one',
      );
    }
    const started = await this.db.transaction().execute(async (trx) => {
      const sessionId = await this.sessions.start(admin.id, trx);
      return { sessionId, token: await this.refreshTokens.issue(admin.id, sessionId, trx) };
    });
    return this.session({ ...admin, sessionId: started.sessionId }, started.token);
  }

  /** Exchanges a refresh token for a new pair of tokens (see RefreshTokens for reuse rules). */
  async refresh(token: string | undefined): Promise<LoginData> {
    if (!token) throw new DomainError('UNAUTHORIZED', 'Please sign in to continue');
    const next = await this.refreshTokens.rotate(token);
    const admin = await this.activeAdmin(next.adminId);
    if (!admin) {
      await this.sessions.end(next.familyId, 'account-gone');
      throw new DomainError('UNAUTHORIZED', 'Your session has ended. Please sign in again');
    }
    return this.session({ ...admin, sessionId: next.familyId }, next.token);
  }

  /**
   * Ends the session of the presented refresh token and of the access token, whichever are
   * given and known: from then on neither is accepted, on any instance.
   */
  async logout(refreshToken: string | undefined, accessToken?: string | null): Promise<void> {
    const ended = new Set<string>();
    const fromRefresh = refreshToken ? await this.refreshTokens.sessionOf(refreshToken) : undefined;
    if (fromRefresh) ended.add(fromRefresh);
    const claims = accessToken ? await this.tokens.verify(accessToken) : null;
    if (claims) ended.add(claims.sessionId);
    for (const sessionId of ended) await this.sessions.end(sessionId, 'logout');
  }

  /** Replaces the admin's password and ends every other session of theirs. */
  changePassword(session: SessionAdmin, input: ChangePasswordInput): Promise<void> {
    return changePassword(this.db, this.sessions, session, input);
  }

  /** Creates an admin directly, for the CLI and demo seeding. */
  async createAdmin(input: NewAdmin): Promise<CreatedAdmin> {
    const { name, email, password, verified } = parseInput(newAdminSchema, input);
    if (await this.findByEmail(email)) throw adminExists(email);
    const stamp = now();
    const id = newId();
    const row = {
      id,
      name,
      email,
      password_hash: await hashPassword(password),
      role: 'admin',
      verified: verified ? 1 : 0,
      created_at: stamp,
      updated_at: stamp,
    };
    try {
      await this.db.insertInto('admins').values(row).execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw adminExists(email);
      throw error;
    }
    return { id, email };
  }

  /**
   * The admin and session an access token belongs to, or null when the token is not valid, its
   * session has ended or the account is no longer a verified admin.
   */
  async authenticate(token: string): Promise<SessionAdmin | null> {
    const claims = await this.tokens.verify(token);
    if (!claims || claims.role !== 'admin') return null;
    const state = await this.sessions.state(claims.sessionId);
    if (!state.active || state.adminId !== claims.adminId) return null;
    return { id: state.adminId, email: state.email, sessionId: claims.sessionId };
  }

  /**
   * The signed-in admin of a page request: a valid access-token cookie, or else a refresh-token
   * cookie that could still be exchanged (it is not rotated here).
   */
  async sessionFromCookies(
    cookies: Record<string, string | undefined>,
  ): Promise<SessionAdmin | null> {
    const access = cookies[ACCESS_COOKIE];
    const admin = access ? await this.authenticate(access) : null;
    if (admin) return admin;
    const refresh = cookies[REFRESH_COOKIE];
    const row = refresh ? await this.refreshTokens.findActive(refresh) : undefined;
    const owner = row ? await this.activeAdmin(row.admin_id) : null;
    return owner && row ? { ...owner, sessionId: row.family_id } : null;
  }

  private async session(admin: SessionAdmin, refreshToken: string): Promise<LoginData> {
    const accessToken = await this.tokens.sign({
      adminId: admin.id,
      email: admin.email,
      role: 'admin',
      sessionId: admin.sessionId,
    });
    return { role: 'admin', email: admin.email, accessToken, refreshToken };
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
    return this.db
      .selectFrom('admins')
      .select(['id', 'name', 'email', 'password_hash', 'verified'])
      .where('email', '=', email.toLowerCase())
      .executeTakeFirst()
      .then((row) => (row ? { ...row, verified: row.verified === 1 } : undefined));
  }

  private async activeAdmin(id: string): Promise<CreatedAdmin | null> {
    const admin = await this.db
      .selectFrom('admins')
      .select(['id', 'email', 'role', 'verified'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!admin || admin.role !== 'admin' || admin.verified !== 1) return null;
    return { id: admin.id, email: admin.email };
  }
}

/** Compares two secrets in constant time, whatever their lengths. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
