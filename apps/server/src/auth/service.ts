import type { Kysely, Transaction } from 'kysely';
import {
  roleSchema,
  type ChangePasswordInput,
  type LoginData,
  type LoginInput,
  type Me,
  type Role,
  type SessionDto,
  type TwoFactorChallenge,
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
import type { SecondFactor } from './second-factor.ts';
import { UNKNOWN_CLIENT, type SignInClient, type Sessions } from './sessions.ts';
import { SignInChallenges } from './sign-in-challenges.ts';
import type { AccessTokens } from './tokens.ts';

/** A signed-in staff member, as the admin guard lets them in. */
export interface SessionAdmin {
  id: string;
  email: string;
  /** Their role now (read with the session, decision 099). */
  role: Role;
  /** The sign-in this request belongs to. */
  sessionId: string;
  /** The session may use the person's account calls only, until two-factor sign-in is on. */
  enrolmentRequired: boolean;
}

type Person = Omit<SessionAdmin, 'sessionId' | 'enrolmentRequired'>;

/** Sessions of verified admins: sign-in, refresh, sign-out, password change, and who is signed in. */
export class AuthService {
  private readonly refreshTokens: RefreshTokens;
  private readonly challenges: SignInChallenges;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly tokens: AccessTokens,
    private readonly sessions: Sessions,
    private readonly secondFactor: SecondFactor,
    /** The URL of a stored picture (the profile's, decision 104). */
    private readonly mediaUrl: (key: string) => string = (key) => key,
  ) {
    this.refreshTokens = new RefreshTokens(db, sessions);
    this.challenges = new SignInChallenges(db);
  }

  /**
   * The password step. A person with two-factor sign-in on gets a challenge and no tokens; one the
   * site requires it of who has not turned it on gets a session limited to enrolment; anyone else
   * is signed in as the spec's login always did (decision 101).
   */
  async login(
    input: LoginInput,
    client: SignInClient = UNKNOWN_CLIENT,
  ): Promise<LoginData | TwoFactorChallenge> {
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
        { id: admin?.id ?? null, address: client.address },
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
    const person = { id: admin.id, email: admin.email, role: role.data };
    const factor = await this.secondFactor.status(person.id, person.role);
    if (factor.on) {
      return { twoFactorRequired: true, challenge: await this.challenges.issue(person.id) };
    }
    return this.startSession(person, { ...client, enrolmentRequired: factor.required });
  }

  /** The person a sign-in challenge is for, while it may be used (UNAUTHORIZED otherwise). */
  challengedPerson(challenge: string): Promise<string> {
    return this.challenges.personOf(challenge);
  }

  /**
   * Completes a sign-in whose second factor was checked in `trx`: the challenge is used up and the
   * session opened in the same transaction, so a failure of either leaves the code unspent.
   */
  async completeChallenge(
    challenge: string,
    client: SignInClient,
    trx: Transaction<Database>,
  ): Promise<() => Promise<LoginData>> {
    const id = await this.challenges.personOf(challenge, trx);
    await this.challenges.use(challenge, trx);
    const person = await this.activeAdmin(id, trx);
    if (!person) throw new DomainError('UNAUTHORIZED', 'Please sign in to continue');
    const started = await this.openSession(person, client, trx);
    return () => this.session({ ...person, ...started.session }, started.token);
  }

  /**
   * Signs in a person whose e-mail was just proven another way (an accepted invitation): the
   * answer of a login.
   */
  async signInProven(id: string, client: SignInClient): Promise<LoginData> {
    const person = await this.activeAdmin(id);
    if (!person) throw new DomainError('UNAUTHORIZED', 'Please sign in to continue');
    const factor = await this.secondFactor.status(person.id, person.role);
    return this.startSession(person, {
      ...client,
      enrolmentRequired: factor.required && !factor.on,
    });
  }

  private async startSession(
    person: Person,
    client: SignInClient & { enrolmentRequired: boolean },
  ): Promise<LoginData> {
    const started = await this.db
      .transaction()
      .execute((trx) => this.openSession(person, client, trx));
    return this.session({ ...person, ...started.session }, started.token);
  }

  private async openSession(
    person: Person,
    client: SignInClient & { enrolmentRequired?: boolean },
    trx: Transaction<Database>,
  ) {
    const sessionId = await this.sessions.start(person.id, client, trx);
    await trx
      .updateTable('admins')
      .set({ last_sign_in_at: now() })
      .where('id', '=', person.id)
      .execute();
    await recordAudit(
      trx,
      { id: person.id, address: client.address },
      { action: 'sign_in', kind: 'session', thingId: sessionId, title: person.email },
    );
    const token = await this.refreshTokens.issue(person.id, sessionId, trx);
    return { session: { sessionId, enrolmentRequired: client.enrolmentRequired ?? false }, token };
  }

  /** Exchanges a refresh token for a new pair of tokens (see RefreshTokens for reuse rules). */
  async refresh(token: string | undefined): Promise<LoginData> {
    if (!token) throw new DomainError('UNAUTHORIZED', 'Please sign in to continue');
    const next = await this.refreshTokens.rotate(token);
    const admin = await this.activeAdmin(next.adminId);
    const state = await this.sessions.state(next.familyId);
    if (!admin || !state.active) {
      await this.sessions.end(next.familyId, 'account-gone');
      throw new DomainError('UNAUTHORIZED', 'Your session has ended. Please sign in again');
    }
    await this.sessions.touch(next.familyId);
    return this.session(
      { ...admin, sessionId: next.familyId, enrolmentRequired: state.enrolmentRequired },
      next.token,
    );
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
    const factor = await this.secondFactor.status(row.id, session.role);
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
      twoFactor: factor.on,
      twoFactorRequired: factor.required,
    };
  }

  /** The person's open sessions (`GET /auth/sessions`), the one of this call marked `current`. */
  async sessionsOf(session: SessionAdmin): Promise<SessionDto[]> {
    const open = await this.sessions.openOf(session.id);
    return open.map((row) => ({
      _id: row.id,
      current: row.id === session.sessionId,
      createdAt: row.createdAt,
      lastUsedAt: row.lastUsedAt,
      address: row.address,
      agent: row.agent,
    }));
  }

  /** Ends one of the person's own open sessions, at once on every instance; 404 for any other. */
  async endOwnSession(
    session: SessionAdmin,
    sessionId: string,
    address: string | null,
  ): Promise<void> {
    const open = await this.sessions.openOf(session.id);
    const ending = open.find((row) => row.id === sessionId);
    if (!ending) throw new DomainError('NOT_FOUND', 'No such session of yours is open');
    await this.sessions.end(sessionId, 'ended-by-owner', {
      alongside: (trx) =>
        recordAudit(
          trx,
          { id: session.id, address },
          {
            action: 'sign_out',
            kind: 'session',
            thingId: sessionId,
            title: session.email,
            changes: [{ field: 'session', before: ending.address ?? 'open', after: 'ended' }],
          },
        ),
    });
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
      enrolmentRequired: state.enrolmentRequired,
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
    const state = row ? await this.sessions.state(row.family_id) : null;
    return state?.active && row
      ? {
          id: state.adminId,
          email: state.email,
          role: state.role,
          sessionId: row.family_id,
          enrolmentRequired: state.enrolmentRequired,
        }
      : null;
  }

  private async session(admin: SessionAdmin, refreshToken: string): Promise<LoginData> {
    const accessToken = await this.tokens.sign({
      adminId: admin.id,
      email: admin.email,
      role: admin.role,
      sessionId: admin.sessionId,
    });
    return {
      role: admin.role,
      email: admin.email,
      accessToken,
      refreshToken,
      ...(admin.enrolmentRequired ? { twoFactorEnrolmentRequired: true as const } : {}),
    };
  }

  /** The account, while it is verified, active staff of a known role. */
  private async activeAdmin(id: string, db: Kysely<Database> = this.db): Promise<Person | null> {
    const admin = await db
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
