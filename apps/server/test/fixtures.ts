import { randomInt, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Role } from '@newsroom/contract';
import { SIGNUP_CODE, call } from './helpers.ts';

export const ADMIN_PASSWORD = 'correct-horse-42';

/** A client address of its own, so throttles counted per client do not couple tests. */
export const clientAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** A verified admin, created the way the CLI and seeding do. */
export async function createAdmin(
  app: FastifyInstance,
  overrides: { email?: string; password?: string; name?: string; verified?: boolean } = {},
) {
  return app.services.registration.createAdmin({
    name: 'Test Admin',
    email: `admin-${randomUUID()}@example.com`,
    password: ADMIN_PASSWORD,
    verified: true,
    ...overrides,
  });
}

/** A person on the staff, signed in, with what tests name them by and the bearer header. */
export interface StaffMember {
  id: string;
  name: string;
  email: string;
  slug: string;
  /** The address they signed in from, which their calls may use too. */
  address: string;
  headers: { authorization: string };
}

/**
 * A verified person of `role`, made as the CLI makes staff and signed in through POST
 * /auth/login from an address of their own.
 */
export async function signedInStaff(
  app: FastifyInstance,
  role: Role,
  name = `Staff ${role}`,
): Promise<StaffMember> {
  const email = `${role}-${randomUUID()}@example.com`;
  const { id } = await app.services.registration.createAdmin({
    name,
    email,
    password: ADMIN_PASSWORD,
    verified: true,
    role,
  });
  const address = clientAddress();
  const res = await call(app, {
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password: ADMIN_PASSWORD },
    remoteAddress: address,
  });
  if (res.status !== 200) throw new Error(`login answered ${res.status}: ${res.body.message}`);
  const { slug } = await app.db.kysely
    .selectFrom('admins')
    .select('slug')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const headers = { authorization: `Bearer ${res.body.data.accessToken as string}` };
  return { id, name, email, slug, address, headers };
}

/** A new admin as the maker of writes a test sets up through the services (named in the audit). */
export async function setUpActor(app: FastifyInstance) {
  const admin = await createAdmin(app, { name: 'Set-up Admin' });
  return { id: admin.id, role: 'admin' as const, address: null };
}

/** A verified admin signed in through POST /auth/login, and a bearer header with its token. */
export async function adminAuth(app: FastifyInstance): Promise<{ authorization: string }> {
  const admin = await createAdmin(app);
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email: admin.email, password: ADMIN_PASSWORD },
    remoteAddress: clientAddress(),
  });
  if (response.statusCode !== 200) {
    throw new Error(`adminAuth: login answered ${response.statusCode} ${response.body}`);
  }
  return { authorization: `Bearer ${response.json().data.accessToken as string}` };
}

/** A valid sign-up form for the given address. */
export function signupForm(email: string, overrides: Record<string, unknown> = {}) {
  return {
    name: 'Asha Rao',
    email,
    code: SIGNUP_CODE,
    password: 'signup-pass-1',
    confirmPassword: 'signup-pass-1',
    ...overrides,
  };
}

/** A six-digit code that is certainly not `code`. */
export const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
