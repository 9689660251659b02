import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccessTokens } from '../src/auth/tokens.ts';
import { now } from '../src/db/ids.ts';
import { adminAuth, createAdmin, setUpActor } from './fixtures.ts';
import { call, createTestApp } from './helpers.ts';

/*
 * Every route behind the admin guard, read from the route table at run time, refuses every kind
 * of bad credential with 401 and the envelope, and reads or writes nothing.
 */

const t = await createTestApp();
afterAll(() => t.close());

const CONTENT_TABLES = [
  'categories',
  'subcategories',
  'anchors',
  'publishers',
  'news',
  'contacts',
] as const;

async function snapshot() {
  const tables = await Promise.all(
    CONTENT_TABLES.map((table) =>
      t.app.db.kysely.selectFrom(table).selectAll().orderBy('id').execute(),
    ),
  );
  const uploads = await fs.readdir(path.join(t.dataDir, 'uploads'));
  return {
    tables: Object.fromEntries(CONTENT_TABLES.map((name, i) => [name, tables[i]])),
    uploads,
  };
}

/** Real records for the `:id` of each resource, so a route that slipped the guard would change them. */
const ids: Record<string, string> = {};
let before: Awaited<ReturnType<typeof snapshot>>;
const credentials: [string, Record<string, string>][] = [];
let validAdmin: { authorization: string };

beforeAll(async () => {
  const { services, db } = t.app;
  const by = await setUpActor(t.app);
  const parent = await services.categories.create({ name: 'Matrix Parent' }, by);
  ids.category = (await services.categories.create({ name: 'Matrix Category' }, by))._id;
  ids.subCategory = (
    await services.subcategories.create({ name: 'Matrix Sub', categoryId: parent._id }, by)
  )._id;
  ids.anchor = (await services.anchors.create({ name: 'Matrix Anchor' }, by))._id;
  ids.publisher = (await services.publishers.create({ name: 'Matrix Publisher' }, by))._id;
  ids.news = randomUUID();
  const stamp = now();
  await db.kysely
    .insertInto('news')
    .values({
      id: ids.news,
      title: 'A matrix headline for the guard test',
      slug: 'matrix-headline',
      meta_description: 'Matrix meta description',
      description: '<p>Matrix body</p>',
      body_text: 'Matrix body',
      tags: '[]',
      category_id: parent._id,
      sub_category_id: null,
      publisher_id: ids.publisher,
      anchor_id: null,
      image_key: null,
      alt: 'Matrix alt',
      video_url: 'https://www.youtube.com/watch?v=matrix',
      status: 1,
      views: 0,
      created_at: stamp,
      updated_at: stamp,
    })
    .execute();
  await services.contacts.create({
    fullName: 'Matrix Reader',
    email: 'reader@example.com',
    phone: '9876543210',
    message: 'Matrix message',
  });

  const { tokens, sessions } = t.app.services;
  const admin = await createAdmin(t.app);
  const unverified = await createAdmin(t.app, { verified: false });
  // Real sessions, so each token below is refused for the one reason its label gives.
  const session = await sessions.start(admin.id);
  const unverifiedSession = await sessions.start(unverified.id);
  const endedSession = await sessions.start(admin.id);
  await sessions.end(endedSession, 'logout');
  const claims = (id: string, email: string, sessionId = session) => ({
    adminId: id,
    email,
    role: 'admin',
    sessionId,
  });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  // What tokens looked like before sessions could end: valid in every way but the missing `sid`.
  const withoutSession = await new SignJWT({ email: admin.email, role: 'admin' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(admin.id)
    .setIssuer('newsroom')
    .setAudience('newsroom-admin')
    .setIssuedAt()
    .setExpirationTime('15m')
    .sign(new TextEncoder().encode(t.app.secrets.jwtSecret));
  credentials.push(
    ['no token', {}],
    ['a malformed token', bearer('not.a.jwt')],
    ['another scheme', { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` }],
    ['an expired token', bearer(await tokens.sign(claims(admin.id, admin.email), -10))],
    [
      'a token signed with another secret',
      bearer(await new AccessTokens('x'.repeat(48)).sign(claims(admin.id, admin.email))),
    ],
    [
      'a token of a deleted admin',
      bearer(await tokens.sign(claims(randomUUID(), 'gone@example.com', randomUUID()))),
    ],
    [
      'a token of an unverified admin',
      bearer(await tokens.sign(claims(unverified.id, unverified.email, unverifiedSession))),
    ],
    [
      'a token of an ended session',
      bearer(await tokens.sign(claims(admin.id, admin.email, endedSession))),
    ],
    [
      "a token naming another admin's session",
      bearer(await tokens.sign(claims(admin.id, admin.email, unverifiedSession))),
    ],
    ['a token issued before sessions could end (no session id)', bearer(withoutSession)],
  );
  validAdmin = await adminAuth(t.app);
  before = await snapshot();
});

/** The route's URL with each parameter replaced by the id of a real record of its resource. */
function concreteUrl(url: string): string {
  const resource = url.split('/')[3] ?? '';
  return url.replace(/:[A-Za-z_]+/g, () => ids[resource] ?? randomUUID());
}

const body = {
  id: randomUUID(),
  name: 'Matrix Intruder',
  categoryId: randomUUID(),
  title: 'An intruding headline that should not land',
  slug: 'intruding-headline',
  metaDescription: 'A meta description long enough',
  description: `<p>${'Intrusion. '.repeat(30)}</p>`,
  alt: 'Intruder alt',
  tags: ['intrusion'],
  videoURL: 'https://www.youtube.com/watch?v=intrusion',
  status: true,
  publisherId: randomUUID(),
};

const send = (method: string, url: string, headers: Record<string, string>) =>
  call(t.app, {
    method: method as InjectOptions['method'],
    url: concreteUrl(url),
    headers,
    ...(method === 'GET' ? {} : { payload: body }),
  });

describe('the admin route table', () => {
  it('holds the admin calls of the spec, and no open ones', () => {
    const routes = t.app.adminRoutes.map((r) => `${r.method} ${r.url}`);
    for (const resource of ['category', 'anchor', 'publisher']) {
      expect(routes).toEqual(
        expect.arrayContaining([
          `POST /api/v1/${resource}/create`,
          `GET /api/v1/${resource}/get`,
          `PUT /api/v1/${resource}/update/:id`,
          `DELETE /api/v1/${resource}/delete/:id`,
        ]),
      );
    }
    expect(routes).toEqual(
      expect.arrayContaining([
        'POST /api/v1/subCategory/create',
        'GET /api/v1/subCategory/get-list',
        'PUT /api/v1/subCategory/update/:id',
        'DELETE /api/v1/subCategory/delete/:id',
        'GET /api/v1/dashboard/cards',
        'GET /api/v1/dashboard/popular-news',
        'GET /api/v1/admin-contact/get',
        'POST /api/v1/auth/change-password',
        // An article's preview links (decision 113).
        'POST /api/v1/news/:id/previews',
        'GET /api/v1/news/:id/previews',
        'DELETE /api/v1/news/:id/previews/:previewId',
      ]),
    );
    // The /auth calls of signed-in staff; sign-in, sign-up and the public calls stay open.
    expect(routes.filter((r) => /\/api\/v1\/(auth|u|contact)\//.test(r))).toEqual([
      'GET /api/v1/auth/me',
      'POST /api/v1/auth/change-password',
      'GET /api/v1/auth/sessions',
      'DELETE /api/v1/auth/sessions/:id',
      // Their own profile and e-mail address (decision 104).
      'PUT /api/v1/auth/me',
      'POST /api/v1/auth/me/email',
      'POST /api/v1/auth/me/email/verify',
      'POST /api/v1/auth/2fa/setup',
      'POST /api/v1/auth/2fa/enable',
      'POST /api/v1/auth/2fa/disable',
    ]);
  });
});

const routes = t.app.adminRoutes.map(({ method, url }) => [method, url] as const);

describe.each(routes)('%s %s', (method, url) => {
  it('answers 401 with the envelope to every bad credential, changing nothing', async () => {
    for (const [label, headers] of credentials) {
      const res = await send(method, url, headers);
      expect({ label, status: res.status }).toEqual({ label, status: 401 });
      expect(res.body).toMatchObject({ statusCode: 401, data: null });
      expect(res.body.message).toEqual(expect.any(String));
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe.each(routes.filter(([method]) => method === 'GET'))('%s %s', (method, url) => {
  it('lets a valid admin token through (the control for the refusals above)', async () => {
    // An event stream of a real article never ends; that of a missing one answers 404, past the guard.
    const stream = url.endsWith('/events');
    const res = await send(method, stream ? url.replace(/:id/, randomUUID()) : url, validAdmin);
    expect(res.status).not.toBe(401);
  });
});
