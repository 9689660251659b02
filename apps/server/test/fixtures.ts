import type { FastifyInstance } from 'fastify';
import { newId, now } from '../src/db/ids.ts';

/** A verified admin and a bearer header carrying its access token. */
export async function adminAuth(app: FastifyInstance): Promise<{ authorization: string }> {
  const id = newId();
  const stamp = now();
  await app.db.kysely
    .insertInto('admins')
    .values({
      id,
      name: 'Test Admin',
      email: `admin-${id}@example.com`,
      password_hash: 'not-used',
      role: 'admin',
      verified: 1,
      created_at: stamp,
      updated_at: stamp,
    })
    .execute();
  const token = await app.services.tokens.sign({ adminId: id, email: 'x', role: 'admin' });
  return { authorization: `Bearer ${token}` };
}
