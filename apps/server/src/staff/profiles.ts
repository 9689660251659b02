import type { Kysely } from 'kysely';
import type { EmailChangeInput, ProfileUpdate } from '@newsroom/contract';
import { OTP_TTL_MINUTES, OtpStore } from '../auth/otps.ts';
import { otpMail } from '../auth/otp-mail.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { personTags, type Invalidate } from '../cache/tags.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { newId, now } from '../db/ids.ts';
import type { Database } from '../db/schema.ts';
import { DomainError } from '../domain/errors.ts';
import { changesBetween, recordAudit, type AuditedFields } from '../audit/record.ts';
import type { Mailer } from '../mail/mailer.ts';
import { checkImage, type NewsImage } from '../media/image.ts';
import type { MediaStorage } from '../storage/storage.ts';

/**
 * Where profile pictures are stored: apart from articles' pictures (`news/`), so the media sweep,
 * which removes files under `news/` that no article names, never takes them (decision 104).
 */
export const PEOPLE_MEDIA_PREFIX = 'people/';

export interface ProfileDeps {
  storage: MediaStorage;
  mailer: Mailer;
  /** Keys the codes mailed to a new address (the server secret, as for sign-up codes). */
  secret: string;
  invalidate: Invalidate;
}

const emailTaken = () =>
  new DomainError('EMAIL_TAKEN', 'Someone on the staff already has this e-mail address');

/**
 * Each person's own profile (decision 104): name, bio, public links and picture, shown on their
 * author page and in bylines, and their e-mail address, changed only once a code mailed to the
 * new address proves it is theirs. Their slug (the page's address) never changes.
 */
export class Profiles {
  private readonly otps: OtpStore;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly deps: ProfileDeps,
  ) {
    this.otps = new OtpStore(db, deps.secret);
  }

  /**
   * Writes the fields given (and the picture, when one came); makes stale the person's page and
   * feed, and on a new name the bylines that show it.
   */
  async update(
    id: string,
    input: ProfileUpdate,
    picture: NewsImage | null,
    address: string | null,
  ): Promise<void> {
    const checked = picture ? await checkImage(picture) : null;
    const before = await this.person(id);
    let key: string | null = null;
    if (checked) {
      key = `${PEOPLE_MEDIA_PREFIX}${newId()}.${checked.extension}`;
      await this.deps.storage.save(key, checked.bytes, checked.contentType);
    }
    const dropPicture = key !== null || input.removePicture === true;
    try {
      await this.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('admins')
          .set({
            ...(input.name !== undefined && { name: input.name }),
            ...(input.bio !== undefined && { bio: input.bio }),
            ...(input.links !== undefined && { links: JSON.stringify(input.links) }),
            ...(dropPicture && { picture_key: key }),
            updated_at: now(),
          })
          .where('id', '=', id)
          .execute();
        await recordAudit(
          trx,
          { id, address },
          {
            action: 'update',
            kind: 'staff',
            thingId: id,
            title: input.name ?? before.name,
            changes: changesBetween(
              profileFields(before),
              profileFields({
                name: input.name ?? before.name,
                bio: input.bio ?? before.bio,
                links: input.links ? JSON.stringify(input.links) : before.links,
                picture_key: dropPicture ? key : before.picture_key,
              }),
            ),
          },
        );
      });
    } catch (error) {
      if (key) await this.deps.storage.remove(key).catch(() => undefined);
      throw error;
    }
    if (dropPicture && before.picture_key) {
      await this.deps.storage.remove(before.picture_key).catch(() => undefined);
    }
    const renamed = input.name !== undefined && input.name !== before.name;
    await this.deps.invalidate(personTags(before.slug, { name: renamed }));
  }

  /**
   * Asks for a new e-mail address: the password proves it is the person, and a code is mailed to
   * the new address. Nothing changes until the code is given (`confirmEmail`).
   */
  async requestEmailChange(id: string, input: EmailChangeInput): Promise<{ email: string }> {
    const row = await this.db
      .selectFrom('admins')
      .select(['name', 'email', 'password_hash'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw new DomainError('UNAUTHORIZED', 'Please sign in to continue');
    if (!(await verifyPassword(row.password_hash, input.password))) {
      throw new DomainError('BAD_REQUEST', 'The password is not right');
    }
    const email = input.email;
    if (email.toLowerCase() === row.email.toLowerCase()) {
      throw new DomainError('BAD_REQUEST', 'This is already your e-mail address');
    }
    if (await this.emailInUse(email, id)) throw emailTaken();
    const code = await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('admins').set({ pending_email: email }).where('id', '=', id).execute();
      return this.otps.issue(email, trx);
    });
    try {
      await this.deps.mailer.send(otpMail(email, row.name, code, OTP_TTL_MINUTES));
    } catch {
      throw new DomainError(
        'MAIL_UNAVAILABLE',
        'We could not send the code to the new address. Please try again in a minute',
      );
    }
    return { email };
  }

  /** Gives the code mailed to the new address: the address becomes the person's. */
  async confirmEmail(id: string, code: string, address: string | null): Promise<{ email: string }> {
    const row = await this.db
      .selectFrom('admins')
      .select(['pending_email', 'email', 'name'])
      .where('id', '=', id)
      .executeTakeFirst();
    const email = row?.pending_email;
    if (!email) {
      throw new DomainError(
        'BAD_REQUEST',
        'No change of e-mail address is waiting: ask for one first',
      );
    }
    await this.otps.check(email, code);
    try {
      await this.db.transaction().execute(async (trx) => {
        if (await this.emailInUse(email, id, trx)) throw emailTaken();
        await trx
          .updateTable('admins')
          .set({ email, pending_email: null, updated_at: now() })
          .where('id', '=', id)
          .execute();
        await this.otps.delete(email, trx);
        await recordAudit(
          trx,
          { id, address },
          {
            action: 'update',
            kind: 'staff',
            thingId: id,
            title: row?.name ?? email,
            changes: [{ field: 'email', before: row?.email ?? null, after: email }],
          },
        );
      });
    } catch (error) {
      throw isUniqueViolation(error) ? emailTaken() : error;
    }
    return { email };
  }

  private async person(id: string) {
    const row = await this.db
      .selectFrom('admins')
      .select(['name', 'slug', 'picture_key', 'bio', 'links'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw new DomainError('UNAUTHORIZED', 'Please sign in to continue');
    return row;
  }

  private async emailInUse(email: string, id: string, db: Kysely<Database> = this.db) {
    const row = await db
      .selectFrom('admins')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
      .where('id', '!=', id)
      .executeTakeFirst();
    return row !== undefined;
  }
}

/** A profile as its audit entries show it: the links in one line, the picture by its file. */
function profileFields(person: {
  name: string;
  bio: string;
  links: string;
  picture_key: string | null;
}): AuditedFields {
  const links = JSON.parse(person.links) as unknown;
  return {
    name: person.name,
    bio: person.bio,
    links: Array.isArray(links) ? links.filter((link) => typeof link === 'string').join(' ') : '',
    picture: person.picture_key,
  };
}
