import type { Kysely } from 'kysely';
import type { ChangePasswordInput } from '@newsroom/contract';
import { now } from '../db/ids.ts';
import type { Database } from '../db/schema.ts';
import { DomainError } from '../domain/errors.ts';
import { recordAudit } from '../audit/record.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import type { SessionAdmin } from './service.ts';
import type { Sessions } from './sessions.ts';

const WRONG_CURRENT = 'The current password is not correct';

/**
 * Replaces a signed-in admin's password once they have proved they know the current one. Every
 * other session of theirs ends in the same transaction, so a thief holding one of them is out at
 * once; the session asking keeps working.
 */
export async function changePassword(
  db: Kysely<Database>,
  sessions: Sessions,
  session: SessionAdmin,
  input: ChangePasswordInput,
  address: string | null,
): Promise<void> {
  const admin = await db
    .selectFrom('admins')
    .select('password_hash')
    .where('id', '=', session.id)
    .executeTakeFirst();
  if (!admin || !(await verifyPassword(admin.password_hash, input.currentPassword))) {
    throw new DomainError('VALIDATION_FAILED', WRONG_CURRENT, {
      errors: [{ path: 'currentPassword', message: WRONG_CURRENT }],
    });
  }
  const passwordHash = await hashPassword(input.newPassword);
  await sessions.endAllOf(session.id, 'password-change', {
    except: session.sessionId,
    alongside: async (trx) => {
      await trx
        .updateTable('admins')
        .set({ password_hash: passwordHash, updated_at: now() })
        .where('id', '=', session.id)
        .execute();
      await recordAudit(
        trx,
        { id: session.id, address },
        {
          action: 'update',
          kind: 'staff',
          thingId: session.id,
          title: session.email,
          changes: [{ field: 'password', before: null, after: 'changed' }],
        },
      );
    },
  });
}
