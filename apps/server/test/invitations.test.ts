import { randomUUID } from 'node:crypto';
import type { Role } from '@newsroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthHeaders } from './factories.ts';
import { ADMIN_PASSWORD, clientAddress } from './fixtures.ts';
import { call, createTestApp, type TestApp } from './helpers.ts';
import { startMailServer, type TestMailServer } from './mail-server.ts';

/*
 * Invitations onto the staff (newsroom API, Staff and invitations), with the mail delivered over
 * real SMTP and its link followed as the invited person would.
 */

let t: TestApp;
let mail: TestMailServer;
const people = {} as Record<'admin' | 'editor' | 'author', AuthHeaders>;

async function signIn(role: Role): Promise<AuthHeaders> {
  const email = `${role}-${randomUUID()}@example.com`;
  await t.app.services.registration.createAdmin({
    name: `Inviting ${role}`,
    email,
    password: ADMIN_PASSWORD,
    verified: true,
    role,
  });
  const res = await login(email, ADMIN_PASSWORD);
  return { authorization: `Bearer ${res.body.data.accessToken}` };
}

const login = (email: string, password: string) =>
  call(t.app, {
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password },
    remoteAddress: clientAddress(),
  });

const invite = (headers: AuthHeaders, email: string, role: Role) =>
  call(t.app, {
    method: 'POST',
    url: '/api/v1/staff/invitations',
    headers,
    payload: { email, role },
  });

const accept = (token: string, name = 'Invited Person', password = 'invited-pass-1') =>
  call(t.app, {
    method: 'POST',
    url: '/api/v1/auth/invitation/accept',
    payload: { token, name, password, confirmPassword: password },
    remoteAddress: clientAddress(),
  });

/** The token of the last link mailed to `to`, as the person's mail program shows it. */
function mailedToken(to: string): string {
  const message = mail.messages.filter((m) => m.to.includes(to)).at(-1);
  if (!message) throw new Error(`no mail to ${to}`);
  const text = message.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const link = /https?:\/\/\S+\/accept-invitation\?token=([A-Za-z0-9_-]+)/.exec(text);
  if (!link?.[1]) throw new Error(`no invitation link in the mail to ${to}`);
  return link[1];
}

beforeAll(async () => {
  mail = await startMailServer();
  t = await createTestApp({ SMTP_URL: mail.url, PUBLIC_URL: 'http://news.test' });
  people.admin = await signIn('admin');
  people.editor = await signIn('editor');
  people.author = await signIn('author');
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

describe('an invitation', () => {
  it('mails a one-time link; accepting it makes an account of that role, signed in', async () => {
    const email = `New.Editor-${randomUUID()}@Example.com`;
    const sent = await invite(people.admin, email, 'editor');
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({ email: email.toLowerCase(), role: 'editor' });
    const days = (Date.parse(sent.body.data.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    const listed = await call(t.app, {
      method: 'GET',
      url: '/api/v1/staff',
      headers: people.admin,
    });
    expect(listed.body.invitations).toContainEqual(sent.body.data);

    const token = mailedToken(email.toLowerCase());
    const accepted = await accept(token, 'Nadia Editor');
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({ role: 'editor', email: email.toLowerCase() });
    expect(accepted.headers['set-cookie']).toBeDefined();
    const asEditor = await call(t.app, {
      method: 'GET',
      url: '/api/v1/admin-contact/get',
      headers: { authorization: `Bearer ${accepted.body.data.accessToken}` },
    });
    expect(asEditor.status).toBe(200);
    expect((await login(email, 'invited-pass-1')).status).toBe(200);

    // Used once: the link is gone, and the invitation is no longer pending.
    const again = await accept(token);
    expect(again.status).toBe(410);
    expect(again.body.code).toBe('GONE');
    const after = await call(t.app, { method: 'GET', url: '/api/v1/staff', headers: people.admin });
    expect(after.body.invitations.map((i: { email: string }) => i.email)).not.toContain(
      email.toLowerCase(),
    );
    expect(after.body.data.map((p: { email: string }) => p.email)).toContain(email.toLowerCase());
  });

  it('answers 410 for a revoked link, and for the old link once sent again', async () => {
    const email = `twice-${randomUUID()}@example.com`;
    const sent = await invite(people.editor, email, 'contributor');
    expect(sent.status).toBe(200);
    const first = mailedToken(email);
    const resent = await call(t.app, {
      method: 'POST',
      url: `/api/v1/staff/invitations/${sent.body.data._id}/resend`,
      headers: people.editor,
    });
    expect(resent.status).toBe(200);
    const second = mailedToken(email);
    expect(second).not.toBe(first);
    expect((await accept(first)).status).toBe(410);

    const revoked = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/staff/invitations/${sent.body.data._id}`,
      headers: people.editor,
    });
    expect(revoked.status).toBe(200);
    expect((await accept(second)).status).toBe(410);
  });

  it('answers 410 for an expired link', async () => {
    const email = `late-${randomUUID()}@example.com`;
    const sent = await invite(people.admin, email, 'author');
    await t.app.db.kysely
      .updateTable('invitations')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', sent.body.data._id)
      .execute();
    expect((await accept(mailedToken(email))).status).toBe(410);
  });

  it('is refused with 409 for an address already on the staff', async () => {
    const email = `taken-${randomUUID()}@example.com`;
    await t.app.services.registration.createAdmin({
      name: 'Already Here',
      email,
      password: ADMIN_PASSWORD,
      verified: true,
    });
    const res = await invite(people.admin, email, 'author');
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('EMAIL_TAKEN');
  });

  it('may be of authors and contributors only, for an editor; of nobody, for an author', async () => {
    const email = `nope-${randomUUID()}@example.com`;
    for (const role of ['admin', 'editor'] as const) {
      const res = await invite(people.editor, email, role);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(`Your role may not invite ${role}s`);
    }
    const byAuthor = await invite(people.author, email, 'contributor');
    expect(byAuthor.status).toBe(403);
    const open = await t.app.db.kysely
      .selectFrom('invitations')
      .select('id')
      .where('email', '=', email)
      .execute();
    expect(open).toEqual([]);
  });

  it('refuses a bad form with 400 and the field', async () => {
    const res = await invite(people.admin, 'not-an-email', 'author');
    expect(res.status).toBe(400);
    const mismatch = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/invitation/accept',
      payload: { token: 'x', name: 'Some Body', password: 'one-pass-1', confirmPassword: 'other' },
      remoteAddress: clientAddress(),
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors[0].path).toBe('confirmPassword');
  });
});
