import type { Kysely } from 'kysely';
import {
  securitySettingsSchema,
  twoFactorRequiredFor,
  type LoginData,
  type RecoveryCodes,
  type RequireTwoFactor,
  type Role,
  type SecuritySettings,
  type TwoFactorSetup,
} from '@newsroom/contract';
import { verifyPassword } from '../auth/passwords.ts';
import type { SecondFactor, SecondFactorStatus } from '../auth/second-factor.ts';
import type { AuthService, SessionAdmin } from '../auth/service.ts';
import type { SignInClient, Sessions } from '../auth/sessions.ts';
import { changesBetween, recordAudit } from '../audit/record.ts';
import type { Database } from '../db/schema.ts';
import type { Actor } from '../domain/actor.ts';
import type { Clock } from '../domain/clock.ts';
import { DomainError, validationFailed } from '../domain/errors.ts';
import type { SettingsStore } from '../settings/store.ts';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes.ts';
import { TwoFactorRepository } from './repo.ts';
import { SecretBox } from '../security/secret-box.ts';
import { enrolmentOf, newTotpSecret, stepOfCode } from './totp.ts';

const SECURITY_KEY = 'security';
const NOBODY: SecuritySettings = { requireTwoFactor: 'none' };

const wrongSignInCode = () =>
  new DomainError('UNAUTHORIZED', 'That code is not right, or was used already. Please try again');

const wrongField = (path: string, message: string) => validationFailed([{ path, message }]);

export interface TwoFactorDeps {
  db: Kysely<Database>;
  auth: AuthService;
  sessions: Sessions;
  settings: SettingsStore;
  clock: Clock;
  /** The server's secret the key of sealed TOTP secrets is derived from (JWT_SECRET). */
  serverSecret: string;
  /** The name authenticator apps show beside the code (the site's host). */
  issuer: string;
}

/**
 * Two-factor sign-in (decision 101): TOTP set up, confirmed and turned off by its owner; codes and
 * recovery codes after the password; the site's requirement. Sign-in itself stays in auth/, which
 * asks this service through the SecondFactor interface.
 */
export class TwoFactorService implements SecondFactor {
  private readonly repo: TwoFactorRepository;
  private readonly box: SecretBox;

  constructor(private readonly deps: TwoFactorDeps) {
    this.repo = new TwoFactorRepository(deps.db);
    this.box = new SecretBox(deps.serverSecret, 'two-factor secret v1');
  }

  /** A stored TOTP secret, or a clear refusal when it was sealed with another key. */
  private openSecret(sealed: string): string {
    const secret = this.box.open(sealed);
    if (secret !== null) return secret;
    throw new DomainError(
      'CONFLICT',
      'Your two-factor secret cannot be read since the server’s key changed: sign in with a recovery code, then turn two-factor sign-in off and on again',
    );
  }

  async status(adminId: string, role: Role, db = this.deps.db): Promise<SecondFactorStatus> {
    const [row, settings] = await Promise.all([this.repo.find(adminId, db), this.security(db)]);
    return {
      on: Boolean(row?.enabledAt),
      required: twoFactorRequiredFor(settings.requireTwoFactor, role),
    };
  }

  /** A new secret to scan or type; replaces one set up before and never confirmed. */
  async setup(session: SessionAdmin): Promise<TwoFactorSetup> {
    const row = await this.repo.find(session.id);
    if (row?.enabledAt) {
      throw new DomainError(
        'CONFLICT',
        'Two-factor sign-in is already on. Turn it off first to set up another app',
      );
    }
    const secret = newTotpSecret();
    await this.repo.savePending(session.id, this.box.seal(secret));
    return { secret, ...(await enrolmentOf(secret, this.deps.issuer, session.email)) };
  }

  /**
   * Turns it on once a code of the app confirms the secret of setup; answers the ten recovery
   * codes, shown this once. Sessions waiting for enrolment may do everything again.
   */
  async enable(
    session: SessionAdmin,
    code: string,
    address: string | null,
  ): Promise<RecoveryCodes> {
    const row = await this.repo.find(session.id);
    if (row?.enabledAt) throw new DomainError('CONFLICT', 'Two-factor sign-in is already on');
    if (!row?.pendingSecret) {
      throw new DomainError('CONFLICT', 'Set two-factor sign-in up first: scan the new code');
    }
    const step = stepOfCode(this.openSecret(row.pendingSecret), code, this.at());
    if (step === null) {
      throw wrongField('code', 'That code is not right. Enter the code your app shows now');
    }
    const recoveryCodes = newRecoveryCodes();
    const released = await this.deps.db.transaction().execute(async (trx) => {
      if (!(await this.repo.enable(session.id, step, trx))) {
        throw new DomainError('CONFLICT', 'Two-factor sign-in is already on');
      }
      await this.repo.replaceRecoveryCodes(session.id, recoveryCodes.map(hashRecoveryCode), trx);
      await recordAudit(trx, { id: session.id, address }, personFact('two_factor_on', session));
      return this.deps.sessions.enrolled(session.id, trx);
    });
    await this.deps.sessions.forgetStates(released);
    return { recoveryCodes };
  }

  /** Turns it off, with the account's password; not while the site requires it of the person. */
  async disable(session: SessionAdmin, password: string, address: string | null): Promise<void> {
    const status = await this.status(session.id, session.role);
    if (!status.on) throw new DomainError('CONFLICT', 'Two-factor sign-in is not on');
    if (status.required) {
      throw new DomainError(
        'FORBIDDEN',
        'This site requires two-factor sign-in for your role: it cannot be turned off',
      );
    }
    const account = await this.deps.db
      .selectFrom('admins')
      .select('password_hash')
      .where('id', '=', session.id)
      .executeTakeFirst();
    if (!account || !(await verifyPassword(account.password_hash, password))) {
      throw wrongField('password', 'The password is not correct');
    }
    await this.deps.db.transaction().execute(async (trx) => {
      await this.repo.remove(session.id, trx);
      await recordAudit(trx, { id: session.id, address }, personFact('two_factor_off', session));
    });
  }

  /** The person a sign-in challenge is for (to count their attempts before checking a code). */
  challengedPerson(challenge: string): Promise<string> {
    return this.deps.auth.challengedPerson(challenge);
  }

  /**
   * Finishes a sign-in with a code of the app: the code's step is spent, the challenge used up
   * and the session opened in one transaction.
   */
  async signInWithCode(challenge: string, code: string, client: SignInClient): Promise<LoginData> {
    const adminId = await this.deps.auth.challengedPerson(challenge);
    const row = await this.repo.find(adminId);
    const step =
      row?.enabledAt && row.secret
        ? stepOfCode(this.openSecret(row.secret), code, this.at())
        : null;
    const answer = await this.deps.db.transaction().execute(async (trx) => {
      if (step === null || !(await this.repo.spendStep(adminId, step, trx))) return null;
      return this.deps.auth.completeChallenge(challenge, client, trx);
    });
    if (!answer) {
      await this.failedSecondStep(adminId, client, 'a wrong or used code');
      throw wrongSignInCode();
    }
    return answer();
  }

  /** Finishes a sign-in with a recovery code, which is used up by it. */
  async signInWithRecoveryCode(
    challenge: string,
    recoveryCode: string,
    client: SignInClient,
  ): Promise<LoginData> {
    const adminId = await this.deps.auth.challengedPerson(challenge);
    const answer = await this.deps.db.transaction().execute(async (trx) => {
      const spent = await this.repo.spendRecoveryCode(adminId, hashRecoveryCode(recoveryCode), trx);
      return spent ? this.deps.auth.completeChallenge(challenge, client, trx) : null;
    });
    if (!answer) {
      await this.failedSecondStep(adminId, client, 'a wrong or used recovery code');
      throw new DomainError(
        'UNAUTHORIZED',
        'That recovery code is not right, or was used already. Please try another',
      );
    }
    return answer();
  }

  /** The site's security settings (`GET /settings/security`). */
  security(db = this.deps.db): Promise<SecuritySettings> {
    return this.deps.settings.read(SECURITY_KEY, securitySettingsSchema, NOBODY, db);
  }

  /** Who must sign in with two factors, from their next sign-in (`PUT /settings/security`). */
  async setSecurity(actor: Actor, requireTwoFactor: RequireTwoFactor): Promise<SecuritySettings> {
    const settings = { requireTwoFactor };
    await this.deps.db.transaction().execute(async (trx) => {
      const before = await this.security(trx);
      await this.deps.settings.write(SECURITY_KEY, settings, trx);
      await recordAudit(trx, actor, {
        action: 'update',
        kind: 'settings',
        thingId: SECURITY_KEY,
        title: 'Security',
        changes: changesBetween(
          { requireTwoFactor: wordsOf(before.requireTwoFactor) },
          { requireTwoFactor: wordsOf(requireTwoFactor) },
        ),
      });
    });
    return settings;
  }

  /** A second step that failed: in the audit trail, as a failed sign-in of the person. */
  private async failedSecondStep(adminId: string, client: SignInClient, what: string) {
    const person = await this.deps.db
      .selectFrom('admins')
      .select('email')
      .where('id', '=', adminId)
      .executeTakeFirst();
    await recordAudit(
      this.deps.db,
      { id: adminId, address: client.address },
      {
        action: 'sign_in_failed',
        kind: 'session',
        thingId: null,
        title: person?.email ?? '',
        changes: [{ field: 'reason', before: null, after: `the second step: ${what}` }],
      },
    );
  }

  private at(): number {
    return this.deps.clock.now().getTime();
  }
}

/** A change of a person's own sign-in, as their audit entry names it. */
const personFact = (action: 'two_factor_on' | 'two_factor_off', session: SessionAdmin) => ({
  action,
  kind: 'session' as const,
  thingId: session.id,
  title: session.email,
});

/** Who the site requires two-factor sign-in of, in words. */
const wordsOf = (require: RequireTwoFactor): string =>
  require === 'none' ? 'nobody' : require === 'all' ? 'everyone' : require.join(', ');
