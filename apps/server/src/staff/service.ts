import type { Kysely } from 'kysely';
import { invitableRoles, type StaffDto, type StaffUpdate } from '@newsroom/contract';
import type { Sessions } from '../auth/sessions.ts';
import { personTags, publicTags, type Invalidate } from '../cache/tags.ts';
import { now } from '../db/ids.ts';
import { activeStaff } from '../db/active-staff.ts';
import type { Database } from '../db/schema.ts';
import type { Actor } from '../domain/actor.ts';
import { DomainError } from '../domain/errors.ts';
import { changesBetween, recordAudit } from '../audit/record.ts';
import { StaffRepository } from './repo.ts';

const staffNotFound = () => new DomainError('NOT_FOUND', 'No such person on the staff');

const lastAdmin = () =>
  new DomainError(
    'CONFLICT',
    'This is the last active admin: make another person an admin first, so the site is never left without one',
  );

/**
 * The staff (decision 099): who is on it and in which role, suspensions and removals. There is
 * always one active admin at least. A suspension ends every session of the person at once, on
 * every instance; a new role applies from their next call.
 */
export class StaffService {
  private readonly repo: StaffRepository;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly sessions: Sessions,
    private readonly invalidate: Invalidate = () => Promise.resolve(),
  ) {
    this.repo = new StaffRepository(db);
  }

  /** Everyone on the staff who may be named an author: active people, by name (decision 103). */
  authors() {
    return activeStaff(this.db)
      .select(['id as _id', 'name', 'slug'])
      .orderBy('name')
      .orderBy('id')
      .execute();
  }

  /** The people `viewer` may see: everyone for an admin, authors and contributors for an editor. */
  list(viewer: Actor): Promise<StaffDto[]> {
    return this.repo.list(invitableRoles(viewer.role));
  }

  async update(actor: Actor, id: string, input: StaffUpdate): Promise<StaffDto> {
    const before = await this.repo.find(id);
    if (!before) throw staffNotFound();
    const role = input.role ?? before.role;
    const status = input.status ?? before.status;
    const stillAdmin = role === 'admin' && status === 'active';
    await this.db.transaction().execute(async (trx) => {
      const wasActiveAdmin = before.role === 'admin' && before.status === 'active';
      if (wasActiveAdmin && !stillAdmin) {
        // Read again in the transaction: two admins demoting each other must not both win.
        if ((await new StaffRepository(trx).otherActiveAdmins(id)) === 0) throw lastAdmin();
      }
      await trx
        .updateTable('admins')
        .set({ role, status, updated_at: now() })
        .where('id', '=', id)
        .execute();
      await recordAudit(trx, actor, {
        action: 'update',
        kind: 'staff',
        thingId: id,
        title: before.name,
        changes: changesBetween({ role: before.role, status: before.status }, { role, status }),
      });
    });
    if (status === 'suspended' && before.status !== 'suspended') {
      await this.sessions.endAllOf(id, 'suspended');
    } else if (role !== before.role) {
      await this.sessions.reread(id);
    }
    const after = await this.repo.find(id);
    if (!after) throw staffNotFound();
    return after;
  }

  /**
   * Removes a person: `transferTo` becomes an author of every article they were an author of,
   * in their place, and every session of theirs ends.
   */
  async remove(actor: Actor, id: string, transferTo: string): Promise<StaffDto> {
    const person = await this.repo.find(id);
    if (!person) throw staffNotFound();
    if (transferTo === id) {
      throw new DomainError('BAD_REQUEST', 'Choose someone else to take over their articles');
    }
    const heir = await this.repo.find(transferTo);
    if (!heir || heir.status !== 'active') {
      throw new DomainError(
        'BAD_REQUEST',
        'The person to take over their articles must be active staff',
      );
    }
    await this.sessions.endAllOf(id, 'account-gone', {
      alongside: async (trx) => {
        if (person.role === 'admin' && person.status === 'active') {
          if ((await new StaffRepository(trx).otherActiveAdmins(id)) === 0) throw lastAdmin();
        }
        // Where the heir is an author already, the person's place goes; elsewhere it is theirs.
        await trx
          .deleteFrom('news_authors')
          .where('staff_id', '=', id)
          .where(({ exists, selectFrom }) =>
            exists(
              selectFrom('news_authors as heir')
                .select('heir.news_id')
                .whereRef('heir.news_id', '=', 'news_authors.news_id')
                .where('heir.staff_id', '=', transferTo),
            ),
          )
          .execute();
        await trx
          .updateTable('news_authors')
          .set({ staff_id: transferTo })
          .where('staff_id', '=', id)
          .execute();
        await trx.deleteFrom('admins').where('id', '=', id).execute();
        await recordAudit(trx, actor, {
          action: 'delete',
          kind: 'staff',
          thingId: id,
          title: person.name,
          changes: changesBetween(
            { email: person.email, role: person.role, articlesTo: null },
            { email: null, role: null, articlesTo: heir.name },
          ),
        });
      },
    });
    // Their page and bylines go; the heir's page lists the articles now (decision 103).
    await this.invalidate([
      ...personTags(person.slug, { removed: true }),
      publicTags.author(heir.slug),
      publicTags.sitemap,
    ]);
    return person;
  }
}
