import type { Kysely } from 'kysely';
import {
  roleSchema,
  type ChangePasswordInput,
  type LoginData,
  type LoginInput,
  type Me,
  type Role,
} from '@newsroom/contract';
import { now } from '../db/ids.ts';
import type { Database } from '../db/schema.ts';
import { DomainError } from '../domain/errors.ts';
import { recordAudit } from '../audit/record.ts';
import { findAdminByEmail } from './admins.ts';
import { changePassword } from './change-password.ts';
import { ACCESS_COOKIE, REFRESH_COOKIE } from './cookies.ts';
import { verifyDecoy, verifyPassword } from './passwords.ts';
import { RefreshTokens } from './refresh-tokens.ts';
import type { Sessions } from './sessions.ts';
import type { AccessTokens } from './tokens.ts';

/** A signed-in staff member, as the admin guard lets them in. */
export interface SessionAdmin {
  id: string;
  email: string;
  /** Their role now (read with the session, decision 099). */
  role: Role;
  /** The sign-in this request belongs to. */
  sessionId: string;
}

/** Sessions of verified admins: sign-in, refresh, sign-out, password change, and who is signed in. */
export class AuthService {
  private readonly refreshTokens: RefreshTokens;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly tokens: AccessTokens,
    private readonly sessions: Sessions,
    /** The URL of a stored picture (the profile's, decision 104). */
    private readonly mediaUrl: (key: string) => string = (key) => key,
  ) {
    this.refreshTokens = new RefreshTokens(db, sessions);
  }

  /** Signs in with e-mail and password from `address`; each attempt is in the audit trail. */
  async login(input: LoginInput, address: string | null): Promise<LoginData> {
    const admin = await findAdminByEmail(this.db, input.email);
    const valid = admin
      ? await verifyPassword(admin.password_hash, input.password)
      : await verifyDecoy(input.password);
    const role = roleSchema.safeParse(admin?.role);
    const refusal =
      !admin || !valid || !role.success
        ? new DomainError('UNAUTHORIZED', 'Invalid email or password')
        : admin.status !== 'active'
          ? suspended()
          : !admin.verified
            ? new DomainError(
                'FORBIDDEN',
                'Please verify your e-mail address first: enter the code we sent you, or request a new one',
              )
            : null;
    if (refusal || !admin || !role.success) {
      await recordAudit(
        this.db,
        { id: admin?.id ?? null, address },
        {
          action: 'sign_in_failed',
          kind: 'session',
          thingId: null,
          title: input.email,
          changes: [{ field: 'reason', before: null, after: refusal?.message ?? null }],
        },
      );
      throw refusal ?? new DomainError('UNAUTHORIZED', 'Invalid email or password');
    }
    return this.startSession({ id: admin.id, email: admin.email, role: role.data }, address);
  }

  /**
   * Signs in a person whose e-mail was just proven another way (an accepted invitation): the
   * answer of a login.
   */
  async signInProven(id: string, address: string | null): Promise<LoginData> {
    const person = await this.activeAdmin(id);
    if (!person) throw new DomainError('UNAUTHORIZED', 'Please sign in to continue');
    return this.startSession(person, address);
  }

  private async startSession(
    person: Omit<SessionAdmin, 'sessionId'>,
    address: string | null,
  ): Promise<LoginData> {
    const started = await this.db.transaction().execute(async (trx) => {
      const sessionId = await this.sessions.start(person.id, trx);
      await trx
        .updateTable('admins')
        .set({ last_sign_in_at: now() })
        .where('id', '=', person.id)
        .execute();
      await recordAudit(
        trx,
        { id: person.id, address },
        {
          action: 'sign_in',
          kind: 'session',
          thingId: sessionId,
          title: person.email,
        },
      );
      return { sessionId, token: await this.refreshTokens.issue(person.id, sessionId, trx) };
    });
    return this.session({ ...person, sessionId: started.sessionId }, started.token);
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

  /** The signed-in person, as `GET /auth/me` answers. */
  async me(session: SessionAdmin): Promise<Me> {
    const row = await this.db
      .selectFrom('admins')
      .select(['id', 'name', 'email', 'slug', 'bio', 'links', 'picture_key'])
      .where('id', '=', session.id)
      .executeTakeFirst();
    if (!row) throw new DomainError('UNAUTHORIZED', 'Please sign in to continue');
    const links = JSON.parse(row.links) as unknown;
    return {
      _id: row.id,
      name: row.name,
      email: row.email,
      role: session.role,
      slug: row.slug,
      bio: row.bio,
      links: Array.isArray(links) ? links.filter((link) => typeof link === 'string') : [],
      pictureURL: row.picture_key ? this.mediaUrl(row.picture_key) : null,
    };
  }

  /** Replaces the admin's password and ends every other session of theirs. */
  changePassword(
    session: SessionAdmin,
    input: ChangePasswordInput,
    address: string | null,
  ): Promise<void> {
    return changePassword(this.db, this.sessions, session, input, address);
  }

  /**
   * The admin and session an access token belongs to, or null when the token is not valid, its
   * session has ended or the account is no longer a verified admin.
   */
  async authenticate(token: string): Promise<SessionAdmin | null> {
    const claims = await this.tokens.verify(token);
    if (!claims) return null;
    const state = await this.sessions.state(claims.sessionId);
    if (!state.active || state.adminId !== claims.adminId) return null;
    return {
      id: state.adminId,
      email: state.email,
      role: state.role,
      sessionId: claims.sessionId,
    };
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
      role: admin.role,
      sessionId: admin.sessionId,
    });
    return { role: admin.role, email: admin.email, accessToken, refreshToken };
  }

  /** The account, while it is verified, active staff of a known role. */
  private async activeAdmin(id: string): Promise<Omit<SessionAdmin, 'sessionId'> | null> {
    const admin = await this.db
      .selectFrom('admins')
      .select(['id', 'email', 'role', 'verified', 'status'])
      .where('id', '=', id)
      .executeTakeFirst();
    const role = roleSchema.safeParse(admin?.role);
    if (!admin || !role.success || admin.verified !== 1 || admin.status !== 'active') return null;
    return { id: admin.id, email: admin.email, role: role.data };
  }
}

const suspended = () =>
  new DomainError(
    'UNAUTHORIZED',
    'This account is suspended. Please ask an administrator of the site to reactivate it',
  );
