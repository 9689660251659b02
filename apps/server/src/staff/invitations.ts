import type { Kysely } from 'kysely';
import {
  INVITATION_DAYS,
  invitableRoles,
  type AcceptInvitationInput,
  type AuditChange,
  type InvitationDto,
  type InvitationInput,
  type Role,
} from '@newsroom/contract';
import { freeStaffSlug } from '../auth/admins.ts';
import { hashPassword } from '../auth/passwords.ts';
import { hashOpaqueToken, newOpaqueToken } from '../auth/tokens.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { newId, now } from '../db/ids.ts';
import type { Database } from '../db/schema.ts';
import type { Actor } from '../domain/actor.ts';
import { DomainError } from '../domain/errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { invitationMail } from './invitation-mail.ts';
import { changesBetween, recordAudit } from '../audit/record.ts';

const DAY_MS = 86_400_000;

const invitationNotFound = () => new DomainError('NOT_FOUND', 'No such pending invitation');
const linkGone = () =>
  new DomainError(
    'GONE',
    'This invitation link is no longer valid: it was used, revoked or has expired. Ask for a new one',
  );
const onStaff = () =>
  new DomainError('EMAIL_TAKEN', 'Someone on the staff already has this e-mail address');

export interface InvitationOptions {
  mailer: Mailer;
  /** The site's address, which the mailed link leads to. */
  publicUrl: string;
}

/**
 * Invitations onto the staff (decision 100): a mailed link, single use, valid for a week, that
 * makes an account of the invited role once the person sets their name and password (the e-mail
 * is proven by the link). An admin invites any role, an editor authors and contributors.
 */
export class StaffInvitations {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: InvitationOptions,
  ) {}

  /** The invitations still open that `viewer` may see (those of roles they may invite). */
  async pending(viewer: Actor): Promise<InvitationDto[]> {
    const roles = invitableRoles(viewer.role);
    if (roles.length === 0) return [];
    const rows = await this.db
      .selectFrom('invitations')
      .select(['id', 'email', 'role', 'expires_at'])
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now())
      .where('role', 'in', roles)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
    return rows.map((row) => ({
      _id: row.id,
      email: row.email,
      role: row.role as Role,
      expiresAt: row.expires_at,
    }));
  }

  /** Invites `input.email` as `input.role`; an earlier open invitation of the address ends. */
  async invite(actor: Actor, input: InvitationInput): Promise<InvitationDto> {
    assertMayInvite(actor, input.role);
    const email = input.email.toLowerCase();
    const id = newId();
    const { token, hash } = newOpaqueToken();
    const created = now();
    const expiresAt = new Date(Date.parse(created) + INVITATION_DAYS * DAY_MS).toISOString();
    await this.db.transaction().execute(async (trx) => {
      const taken = await trx
        .selectFrom('admins')
        .select('id')
        .where('email', '=', email)
        .where('verified', '=', 1)
        .executeTakeFirst();
      if (taken) throw onStaff();
      await trx
        .updateTable('invitations')
        .set({ revoked_at: created })
        .where('email', '=', email)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .execute();
      await trx
        .insertInto('invitations')
        .values({
          id,
          email,
          role: input.role,
          token_hash: hash,
          invited_by: actor.id,
          created_at: created,
          expires_at: expiresAt,
          accepted_at: null,
          revoked_at: null,
        })
        .execute();
      await recordAudit(trx, actor, {
        action: 'create',
        kind: 'invitation',
        thingId: id,
        title: email,
        changes: changesBetween(null, { email, role: input.role, expiresAt }),
      });
    });
    await this.mail(actor, id, email, input.role, token);
    return { _id: id, email, role: input.role, expiresAt };
  }

  /** A new link for an open (or expired) invitation; the old link stops working. */
  async resend(actor: Actor, id: string): Promise<InvitationDto> {
    const row = await this.open(id);
    assertMayInvite(actor, row.role as Role);
    const { token, hash } = newOpaqueToken();
    const expiresAt = new Date(Date.now() + INVITATION_DAYS * DAY_MS).toISOString();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('invitations')
        .set({ token_hash: hash, expires_at: expiresAt })
        .where('id', '=', id)
        .execute();
      await recordAudit(trx, actor, {
        action: 'resend',
        kind: 'invitation',
        thingId: id,
        title: row.email,
        changes: changesBetween({ expiresAt: row.expires_at }, { expiresAt }),
      });
    });
    await this.mail(actor, id, row.email, row.role as Role, token);
    return { _id: id, email: row.email, role: row.role as Role, expiresAt };
  }

  /** Revokes an open invitation: its link answers 410 from then on. */
  async revoke(actor: Actor, id: string): Promise<InvitationDto> {
    const row = await this.open(id);
    assertMayInvite(actor, row.role as Role);
    await this.withdraw(
      actor,
      id,
      row.email,
      changesBetween({ email: row.email, role: row.role }, null),
    );
    return { _id: id, email: row.email, role: row.role as Role, expiresAt: row.expires_at };
  }

  /**
   * Accepts an invitation: its account is made (verified, of the invited role) and the link is
   * spent, in one transaction. Returns the account's id, for signing the person in.
   */
  async accept(input: AcceptInvitationInput, address: string | null): Promise<string> {
    const hash = hashOpaqueToken(input.token);
    const passwordHash = await hashPassword(input.password);
    try {
      return await this.db.transaction().execute(async (trx) => {
        const invitation = await trx
          .selectFrom('invitations')
          .selectAll()
          .where('token_hash', '=', hash)
          .executeTakeFirst();
        const stamp = now();
        if (
          !invitation ||
          invitation.accepted_at !== null ||
          invitation.revoked_at !== null ||
          invitation.expires_at <= stamp
        ) {
          throw linkGone();
        }
        const spent = await trx
          .updateTable('invitations')
          .set({ accepted_at: stamp })
          .where('id', '=', invitation.id)
          .where('accepted_at', 'is', null)
          .executeTakeFirst();
        if (Number(spent.numUpdatedRows) !== 1) throw linkGone();
        const existing = await trx
          .selectFrom('admins')
          .select(['id', 'verified'])
          .where('email', '=', invitation.email)
          .executeTakeFirst();
        if (existing?.verified === 1) throw onStaff();
        const account = {
          name: input.name,
          password_hash: passwordHash,
          role: invitation.role,
          verified: 1,
          status: 'active',
          slug: await freeStaffSlug(trx, input.name, invitation.email, existing?.id),
          updated_at: stamp,
        };
        if (existing) {
          // A sign-up left unverified: the invitation proves the address and takes it over.
          await trx.updateTable('admins').set(account).where('id', '=', existing.id).execute();
        }
        const id = existing?.id ?? newId();
        if (!existing) {
          await trx
            .insertInto('admins')
            .values({ ...account, id, email: invitation.email, created_at: stamp })
            .execute();
        }
        await recordAudit(
          trx,
          { id, address },
          {
            action: 'accept',
            kind: 'invitation',
            thingId: invitation.id,
            title: invitation.email,
            changes: changesBetween(null, { name: input.name, role: invitation.role }),
          },
        );
        return id;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw onStaff();
      throw error;
    }
  }

  private async open(id: string) {
    const row = await this.db
      .selectFrom('invitations')
      .select(['id', 'email', 'role', 'expires_at'])
      .where('id', '=', id)
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (!row) throw invitationNotFound();
    return row;
  }

  /** Ends an invitation (its link answers 410 from then on), with its audit entry. */
  private async withdraw(actor: Actor, id: string, email: string, changes: AuditChange[]) {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('invitations')
        .set({ revoked_at: now() })
        .where('id', '=', id)
        .execute();
      await recordAudit(trx, actor, {
        action: 'delete',
        kind: 'invitation',
        thingId: id,
        title: email,
        changes,
      });
    });
  }

  private async mail(actor: Actor, id: string, email: string, role: Role, token: string) {
    const inviter = await this.db
      .selectFrom('admins')
      .select('name')
      .where('id', '=', actor.id)
      .executeTakeFirst();
    const link = `${this.options.publicUrl.replace(/\/+$/, '')}/accept-invitation?token=${encodeURIComponent(token)}`;
    try {
      await this.options.mailer.send(
        invitationMail(email, role, inviter?.name ?? 'An admin', link, INVITATION_DAYS),
      );
    } catch {
      // A link nobody received must not stay open: the invitation is withdrawn.
      await this.withdraw(actor, id, email, [
        { field: 'reason', before: null, after: 'the e-mail could not be sent' },
      ]);
      throw new DomainError(
        'MAIL_UNAVAILABLE',
        'We could not send the invitation e-mail; nothing was sent. Please try again in a minute',
      );
    }
  }
}

function assertMayInvite(actor: Actor, role: Role) {
  if (!invitableRoles(actor.role).includes(role)) {
    throw new DomainError('FORBIDDEN', `Your role may not invite ${role}s`);
  }
}
