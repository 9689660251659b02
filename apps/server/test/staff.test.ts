import { randomUUID } from 'node:crypto';
import type { Role } from '@newsroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTaxonomy, newsFields, type AuthHeaders } from './factories.ts';
import { ADMIN_PASSWORD, clientAddress, signedInStaff } from './fixtures.ts';
import { call, createTestApp, type TestApp } from './helpers.ts';

/*
 * The staff calls of the newsroom API: who is listed to whom, role changes and suspensions that
 * apply at the person's next call, removals that hand articles over, and the one active admin the
 * site always keeps.
 */

interface Person {
  id: string;
  email: string;
  headers: AuthHeaders;
}

const person = (t: TestApp, role: Role, name?: string): Promise<Person> =>
  signedInStaff(t.app, role, name);

const login = (t: TestApp, email: string) =>
  call(t.app, {
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password: ADMIN_PASSWORD },
    remoteAddress: clientAddress(),
  });

describe('the staff of a site with two admins', () => {
  let t: TestApp;
  let admin: Person;
  let secondAdmin: Person;
  let editor: Person;
  let author: Person;
  let contributor: Person;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await person(t, 'admin', 'Asha Admin');
    secondAdmin = await person(t, 'admin', 'Bina Admin');
    editor = await person(t, 'editor', 'Chandra Editor');
    author = await person(t, 'author', 'Dev Author');
    contributor = await person(t, 'contributor', 'Esha Contributor');
  });
  afterAll(() => t.close());

  const staffOf = async (headers: AuthHeaders) => {
    const res = await call(t.app, { method: 'GET', url: '/api/v1/staff', headers });
    expect(res.status).toBe(200);
    return res.body.data as { _id: string; role: Role; slug: string; status: string }[];
  };

  it('lists everyone to an admin, with their role, status, slug and last sign-in', async () => {
    const listed = await staffOf(admin.headers);
    const roles = new Map(listed.map((p) => [p._id, p.role]));
    expect(roles.get(admin.id)).toBe('admin');
    expect(roles.get(editor.id)).toBe('editor');
    expect(roles.get(contributor.id)).toBe('contributor');
    const dev = listed.find((p) => p._id === author.id);
    expect(dev).toMatchObject({
      name: 'Dev Author',
      email: author.email,
      status: 'active',
      slug: 'dev-author',
      lastSignInAt: expect.stringMatching(/^\d{4}-/),
    });
  });

  it('lists only authors and contributors to an editor', async () => {
    const listed = await staffOf(editor.headers);
    expect(new Set(listed.map((p) => p.role))).toEqual(new Set(['author', 'contributor']));
  });

  it('applies a new role at the person’s next call, without signing them out', async () => {
    const create = () =>
      call(t.app, {
        method: 'POST',
        url: '/api/v1/category/create',
        headers: author.headers,
        payload: { name: `Desk ${randomUUID().slice(0, 8)}` },
      });
    expect((await create()).status).toBe(403);
    const promoted = await call(t.app, {
      method: 'PUT',
      url: `/api/v1/staff/${author.id}`,
      headers: admin.headers,
      payload: { role: 'editor' },
    });
    expect(promoted.status).toBe(200);
    expect(promoted.body.data.role).toBe('editor');
    expect((await create()).status).toBe(200);
    await call(t.app, {
      method: 'PUT',
      url: `/api/v1/staff/${author.id}`,
      headers: admin.headers,
      payload: { role: 'author' },
    });
    expect((await create()).status).toBe(403);
  });

  it('suspends a person: their open session answers 401 at once and they cannot sign in', async () => {
    const suspended = await call(t.app, {
      method: 'PUT',
      url: `/api/v1/staff/${contributor.id}`,
      headers: admin.headers,
      payload: { status: 'suspended' },
    });
    expect(suspended.status).toBe(200);
    expect(suspended.body.data.status).toBe('suspended');
    const next = await call(t.app, {
      method: 'GET',
      url: '/api/v1/news/get',
      headers: contributor.headers,
    });
    expect(next.status).toBe(401);
    const again = await login(t, contributor.email);
    expect(again.status).toBe(401);
    expect(again.body.message).toMatch(/suspended/);

    await call(t.app, {
      method: 'PUT',
      url: `/api/v1/staff/${contributor.id}`,
      headers: admin.headers,
      payload: { status: 'active' },
    });
    expect((await login(t, contributor.email)).status).toBe(200);
  });

  it('refuses an empty change with 400 and an unknown person with 404', async () => {
    const empty = await call(t.app, {
      method: 'PUT',
      url: `/api/v1/staff/${editor.id}`,
      headers: admin.headers,
      payload: {},
    });
    expect(empty.status).toBe(400);
    const unknown = await call(t.app, {
      method: 'PUT',
      url: `/api/v1/staff/${randomUUID()}`,
      headers: admin.headers,
      payload: { role: 'author' },
    });
    expect(unknown.status).toBe(404);
  });

  it('removes a person, handing their articles to another, and ends their sessions', async () => {
    const leaving = await person(t, 'author', 'Farah Leaving');
    const taxonomy = await createTaxonomy(t.app, admin.headers);
    const written = await call(t.app, {
      method: 'POST',
      url: '/api/v1/news/create',
      headers: leaving.headers,
      payload: newsFields(taxonomy),
    });
    expect(written.status).toBe(200);
    const noHeir = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/staff/${leaving.id}`,
      headers: admin.headers,
    });
    expect(noHeir.status).toBe(400);
    const removed = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/staff/${leaving.id}?transferTo=${editor.id}`,
      headers: admin.headers,
    });
    expect(removed.status).toBe(200);
    const authors = await t.app.db.kysely
      .selectFrom('news_authors')
      .select('staff_id')
      .where('news_id', '=', written.body.data._id)
      .execute();
    expect(authors).toEqual([{ staff_id: editor.id }]);
    const after = await call(t.app, {
      method: 'GET',
      url: '/api/v1/news/get',
      headers: leaving.headers,
    });
    expect(after.status).toBe(401);
    expect((await staffOf(admin.headers)).some((p) => p._id === leaving.id)).toBe(false);
  });

  it('answers the signed-in person on /auth/me, whatever their role', async () => {
    const res = await call(t.app, {
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: author.headers,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      _id: author.id,
      name: 'Dev Author',
      email: author.email,
      role: 'author',
      slug: 'dev-author',
      bio: '',
      links: [],
      pictureURL: null,
      twoFactor: false,
      twoFactorRequired: false,
    });
  });

  it('names the authors on each row of the news table', async () => {
    const taxonomy = await createTaxonomy(t.app, admin.headers);
    const written = await call(t.app, {
      method: 'POST',
      url: '/api/v1/news/create',
      headers: author.headers,
      payload: newsFields(taxonomy, { draft: true }),
    });
    expect(written.status).toBe(200);
    const table = await call(t.app, {
      method: 'GET',
      url: '/api/v1/news/get?page=1&limit=50',
      headers: editor.headers,
    });
    const row = table.body.data.data.find((r: { _id: string }) => r._id === written.body.data._id);
    expect(row.authors).toEqual([{ _id: author.id, name: 'Dev Author', slug: 'dev-author' }]);
  });

  it('lets an admin step down while another admin remains', async () => {
    const res = await call(t.app, {
      method: 'PUT',
      url: `/api/v1/staff/${secondAdmin.id}`,
      headers: admin.headers,
      payload: { role: 'editor' },
    });
    expect(res.status).toBe(200);
  });
});

describe('the last active admin', () => {
  let t: TestApp;
  let admin: Person;
  let editor: Person;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await person(t, 'admin');
    editor = await person(t, 'editor');
  });
  afterAll(() => t.close());

  it.each([
    ['demoted', { role: 'editor' }],
    ['suspended', { status: 'suspended' }],
  ])('cannot be %s: 409, and nothing changes', async (_, payload) => {
    const res = await call(t.app, {
      method: 'PUT',
      url: `/api/v1/staff/${admin.id}`,
      headers: admin.headers,
      payload,
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'CONFLICT', data: null });
    expect(res.body.message).toMatch(/last active admin/);
    const row = await t.app.db.kysely
      .selectFrom('admins')
      .select(['role', 'status'])
      .where('id', '=', admin.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ role: 'admin', status: 'active' });
  });

  it('cannot be removed: 409', async () => {
    const res = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/staff/${admin.id}?transferTo=${editor.id}`,
      headers: admin.headers,
    });
    expect(res.status).toBe(409);
    expect(
      (await call(t.app, { method: 'GET', url: '/api/v1/staff', headers: admin.headers })).status,
    ).toBe(200);
  });
});
