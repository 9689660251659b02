import { randomUUID } from 'node:crypto';
import type { Role } from '@newsroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { images, multipart, type AuthHeaders } from './factories.ts';
import { ADMIN_PASSWORD, clientAddress, signedInStaff } from './fixtures.ts';
import { call, createTestApp, type TestApp } from './helpers.ts';
import { lastOutboxOtp } from './mail-server.ts';

/*
 * Each person's own profile (decision 104): name, bio, links and picture through PUT /auth/me,
 * shown on their author page; the slug stays; a new e-mail address applies only once the code
 * mailed to it is given.
 */

interface Person {
  id: string;
  email: string;
  slug: string;
  headers: AuthHeaders;
}

let t: TestApp;

const person = (role: Role, name: string): Promise<Person> => signedInStaff(t.app, role, name);

const login = (email: string) =>
  call(t.app, {
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password: ADMIN_PASSWORD },
    remoteAddress: clientAddress(),
  });

const me = async (who: Person) =>
  (await call(t.app, { method: 'GET', url: '/api/v1/auth/me', headers: who.headers })).body.data;

const put = (who: Person, payload: Record<string, unknown>) =>
  call(t.app, { method: 'PUT', url: '/api/v1/auth/me', headers: who.headers, payload });

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('PUT /auth/me', () => {
  it('saves the name, bio and links of any role, keeps the slug, and shows them on the author page', async () => {
    const kim = await person('contributor', 'Kim Lowe');
    const res = await put(kim, {
      name: 'Kim Lowe-Hart',
      bio: '  Reports on the river towns.  ',
      links: ['https://example.com/kim', 'http://kim.example.org/'],
    });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body).toMatchObject({ statusCode: 200, message: expect.any(String) });
    expect(res.body.data).toMatchObject({
      _id: kim.id,
      name: 'Kim Lowe-Hart',
      slug: kim.slug,
      bio: 'Reports on the river towns.',
      links: ['https://example.com/kim', 'http://kim.example.org/'],
      pictureURL: null,
      role: 'contributor',
    });
    expect(await me(kim)).toMatchObject({ name: 'Kim Lowe-Hart', slug: 'kim-lowe' });
    const page = await call(t.app, { method: 'GET', url: `/api/v1/u/author/${kim.slug}` });
    expect(page.body.data.author).toMatchObject({
      name: 'Kim Lowe-Hart',
      bio: 'Reports on the river towns.',
    });
  });

  it('keeps what is not sent, and takes links as text, one a line', async () => {
    const lee = await person('author', 'Lee Stone');
    await put(lee, { bio: 'Courts and councils.' });
    const res = await put(lee, { links: 'https://example.com/lee\nhttps://example.net/lee' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: 'Lee Stone',
      bio: 'Courts and councils.',
      links: ['https://example.com/lee', 'https://example.net/lee'],
    });
  });

  it('refuses a long bio, a link that is not a web address, too many links, a short name', async () => {
    const mo = await person('author', 'Mo Field');
    for (const payload of [
      { bio: 'x'.repeat(501) },
      { links: ['javascript:alert(1)'] },
      { links: ['ftp://example.com/file'] },
      { links: Array.from({ length: 6 }, (_, i) => `https://example.com/${i}`) },
      { name: 'M' },
    ]) {
      const res = await put(mo, payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, data: null });
    }
    expect(await me(mo)).toMatchObject({ name: 'Mo Field', bio: '', links: [] });
  });

  it('takes a picture as a multipart form, replaces and removes it', async () => {
    const nia = await person('editor', 'Nia Grove');
    const form = await multipart(
      { name: 'Nia Grove' },
      { bytes: await images.jpeg(), field: 'picture' },
    );
    const res = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/auth/me',
      headers: { ...nia.headers, ...form.headers },
      payload: form.payload,
    });
    expect(res.status, res.body.message).toBe(200);
    const url = res.body.data.pictureURL as string;
    expect(url).toMatch(/\/uploads\/people\/.+\.jpg$/);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    const page = await call(t.app, { method: 'GET', url: `/api/v1/u/author/${nia.slug}` });
    expect(page.body.data.author.pictureURL).toBe(url);

    const bad = await multipart({}, { bytes: Buffer.from('not an image'), field: 'picture' });
    const refused = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/auth/me',
      headers: { ...nia.headers, ...bad.headers },
      payload: bad.payload,
    });
    expect(refused.status).toBe(400);
    expect((await me(nia)).pictureURL).toBe(url);

    const removed = await put(nia, { removePicture: true });
    expect(removed.body.data.pictureURL).toBeNull();
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});

describe('a change of e-mail address', () => {
  it('applies only once the code mailed to the new address is given', async () => {
    const oz = await person('author', 'Oz Brook');
    const next = `oz-${randomUUID()}@example.net`;
    const asked = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/me/email',
      headers: oz.headers,
      payload: { email: next, password: ADMIN_PASSWORD },
    });
    expect(asked.status, asked.body.message).toBe(200);
    expect(asked.body.data).toEqual({ email: next });
    // Nothing changes until it is proven.
    expect((await me(oz)).email).toBe(oz.email);
    const code = await lastOutboxOtp(t.dataDir, next);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const refused = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/me/email/verify',
      headers: oz.headers,
      payload: { code: wrong },
    });
    expect(refused.status).toBe(400);
    expect((await me(oz)).email).toBe(oz.email);
    const proven = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/me/email/verify',
      headers: oz.headers,
      payload: { code },
    });
    expect(proven.status, proven.body.message).toBe(200);
    expect((await me(oz)).email).toBe(next);
    expect((await login(next)).status).toBe(200);
    expect((await login(oz.email)).status).toBe(401);
  });

  it('refuses a wrong password, an address someone has, and a code asked for by no one', async () => {
    const pia = await person('author', 'Pia Moss');
    const quinn = await person('author', 'Quinn Vale');
    const wrongPassword = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/me/email',
      headers: pia.headers,
      payload: { email: `pia-${randomUUID()}@example.net`, password: 'not-the-password' },
    });
    expect(wrongPassword.status).toBe(400);
    const taken = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/me/email',
      headers: pia.headers,
      payload: { email: quinn.email, password: ADMIN_PASSWORD },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('EMAIL_TAKEN');
    const nothing = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/me/email/verify',
      headers: pia.headers,
      payload: { code: '123456' },
    });
    expect(nothing.status).toBe(400);
    expect((await me(pia)).email).toBe(pia.email);
  });
});
