import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import type { Role } from '@newsroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTaxonomy, newsFields, type AuthHeaders, type Taxonomy } from './factories.ts';
import { ADMIN_PASSWORD, clientAddress, createAdmin } from './fixtures.ts';
import { call, createTestApp } from './helpers.ts';

/*
 * The role table of the newsroom API, walked from outside: every staff route for every role, and
 * every article write for every role on its own and on another's article, in each state. What
 * each role may do is written out here from the API's table, apart from the server's own table,
 * so that a slip in either shows. A refusal is a 403 with the envelope and changes nothing.
 */

const t = await createTestApp();
afterAll(() => t.close());

const ROLES: Role[] = ['admin', 'editor', 'author', 'contributor'];

interface Person {
  id: string;
  headers: AuthHeaders;
}

const people = {} as Record<Role, Person>;
/** A second author and contributor, whose articles are "another's" for everyone. */
let otherAuthor: Person;
let taxonomy: Taxonomy;

async function signIn(role: Role): Promise<Person> {
  const person = await t.app.services.registration.createAdmin({
    name: `Matrix ${role}`,
    email: `${role}-${randomUUID()}@example.com`,
    password: ADMIN_PASSWORD,
    verified: true,
    role,
  });
  const res = await call(t.app, {
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email: person.email, password: ADMIN_PASSWORD },
    remoteAddress: clientAddress(),
  });
  expect(res.status).toBe(200);
  expect(res.body.data.role).toBe(role);
  return { id: person.id, headers: { authorization: `Bearer ${res.body.data.accessToken}` } };
}

const TABLES = [
  'categories',
  'subcategories',
  'anchors',
  'publishers',
  'news',
  'news_authors',
  'contacts',
  'admins',
  'audit_entries',
  'news_revisions',
  'news_autosaves',
  'news_corrections',
  'news_correction_versions',
  'news_previews',
  'live_entries',
  'live_entry_versions',
  // The outbox and queue of webhooks change in the background (decision 117): not snapshotted.
  'webhook_endpoints',
] as const;

async function snapshot() {
  const rows = await Promise.all(
    TABLES.map((table) => t.app.db.kysely.selectFrom(table).selectAll().execute()),
  );
  // Signing in stamps the account; that is not a change a refused call made.
  const tables = rows.map((list) =>
    list
      .map((row) => ({ ...row, last_sign_in_at: undefined }))
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
  );
  return Object.fromEntries(TABLES.map((name, i) => [name, tables[i]]));
}

beforeAll(async () => {
  for (const role of ROLES) people[role] = await signIn(role);
  otherAuthor = await signIn('author');
  taxonomy = await createTaxonomy(t.app, people.admin.headers);
});

/** Who may make each staff call, from the newsroom API's role table. */
function allowedRoles(method: string, url: string): Role[] {
  const path = url.replace('/api/v1', '');
  const everyone = ROLES;
  const editors: Role[] = ['admin', 'editor'];
  // Invitations: which roles each may invite is checked on the invitation (invitations.test.ts).
  if (path.startsWith('/staff/invitations')) return editors;
  // Who may be named an author: the editor's picker, and who the authors are for everyone else.
  if (path === '/staff/authors') return everyone;
  if (path.startsWith('/staff')) return method === 'GET' ? editors : ['admin'];
  if (path.startsWith('/admin-contact') || path.startsWith('/dashboard')) return editors;
  if (path === '/audit' || path === '/audit/') return editors; // which entries: audit.test.ts
  // Their own account: password, profile, e-mail address (decision 104).
  if (path === '/auth/change-password' || path.startsWith('/auth/me')) return everyone;
  // One's own sessions and two-factor sign-in (decision 101); the site's settings: admins.
  if (path.startsWith('/auth/sessions') || path.startsWith('/auth/2fa/')) return everyone;
  if (path.startsWith('/settings/')) return ['admin'];
  if (/^\/(category|subCategory|anchor|publisher)\//.test(path)) {
    return method === 'GET' ? everyone : editors;
  }
  // Corrections (decision 112): every staff member reads them, contributors never write them;
  // an author only on their own articles (corrections.test.ts).
  if (/^\/news\/[^/]+\/corrections/.test(path)) {
    return method === 'GET' ? everyone : ['admin', 'editor', 'author'];
  }
  // Preview links of an article (decision 113): never contributors; authors on their own
  // (previews.test.ts).
  if (/^\/news\/[^/]+\/previews/.test(path)) return ['admin', 'editor', 'author'];
  // Live pages (decision 115): every staff member reads the entries, contributors never write
  // them; an author only on their own articles (live.test.ts).
  if (/^\/news\/[^/]+\/live/.test(path)) {
    return method === 'GET' ? everyone : ['admin', 'editor', 'author'];
  }
  if (path.startsWith('/news/')) return everyone; // decided on the article: below
  if (path === '/desk') return everyone; // their own desk (decision 106)
  if (path.startsWith('/webhooks')) return ['admin']; // decision 117
  throw new Error(`no expectation for ${method} ${url}: add it to this test`);
}

describe('every staff route, for every role', () => {
  const routes = t.app.adminRoutes.map(({ method, url }) => [method, url] as const);

  it('covers every route behind the guard', () => {
    expect(routes.length).toBeGreaterThan(20);
    for (const [method, url] of routes) expect(() => allowedRoles(method, url)).not.toThrow();
  });

  describe.each(routes)('%s %s', (method, url) => {
    it('refuses the roles the table leaves out with 403 and changes nothing; lets the others in', async () => {
      for (const role of ROLES) {
        const allowed = allowedRoles(method, url).includes(role);
        const before = allowed ? null : await snapshot();
        const res = await call(t.app, {
          method: method as InjectOptions['method'],
          url: url.replace(/:[A-Za-z_]+/g, randomUUID()),
          headers: people[role].headers,
          ...(method === 'GET' ? {} : { payload: { name: 'Refused', transferTo: 'x' } }),
        });
        if (allowed) {
          expect({ role, status: res.status }).not.toMatchObject({ status: 403 });
          expect(res.status).not.toBe(401);
        } else {
          expect({ role, status: res.status }).toEqual({ role, status: 403 });
          expect(res.body).toMatchObject({ statusCode: 403, data: null, code: 'FORBIDDEN' });
          expect(res.body.message).toMatch(/^Your role may not /);
          expect(await snapshot()).toEqual(before);
        }
      }
    });
  });
});

type State = 'draft' | 'scheduled' | 'published';
const STATES: State[] = ['draft', 'scheduled', 'published'];

const stateFields = (state: State) =>
  state === 'draft'
    ? { draft: true }
    : state === 'scheduled'
      ? { publishAt: new Date(Date.now() + 7 * 86_400_000).toISOString() }
      : {};

/** An article in `state` written by an admin, then given `owner` as its author. */
async function article(owner: Person, state: State): Promise<string> {
  const res = await call(t.app, {
    method: 'POST',
    url: '/api/v1/news/create',
    headers: people.admin.headers,
    payload: newsFields(taxonomy, stateFields(state)),
  });
  expect(res.status).toBe(200);
  const id = res.body.data._id as string;
  await t.app.db.kysely
    .updateTable('news_authors')
    .set({ staff_id: owner.id })
    .where('news_id', '=', id)
    .execute();
  return id;
}

/** A valid update of every field but the slug (kept), with `extra`. */
async function updateOf(id: string, extra: Record<string, unknown>) {
  const { slug } = await t.app.services.news.get(id);
  return {
    ...newsFields(taxonomy, { title: 'A title changed by the matrix test' }),
    slug,
    ...extra,
  };
}

/** From the newsroom API's table: who edits, publishes and deletes an article. */
const may = {
  edit: (role: Role, own: boolean, state: State) =>
    role === 'admin' ||
    role === 'editor' ||
    (role === 'author' && own) ||
    (role === 'contributor' && own && state === 'draft'),
  publish: (role: Role, own: boolean) =>
    role === 'admin' || role === 'editor' || (role === 'author' && own),
  delete: (role: Role, own: boolean, state: State) =>
    role === 'admin' ||
    role === 'editor' ||
    (role === 'author' && own && state !== 'published') ||
    (role === 'contributor' && own && state === 'draft'),
};

const cases = ROLES.flatMap((role) =>
  [true, false].flatMap((own) => STATES.map((state) => [role, own, state] as const)),
);

async function expectAnswer(
  res: Awaited<ReturnType<typeof call>>,
  allowed: boolean,
  before: Awaited<ReturnType<typeof snapshot>>,
) {
  if (allowed) {
    expect(res.status, res.body.message).toBe(200);
  } else {
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ statusCode: 403, data: null, code: 'FORBIDDEN' });
    expect(await snapshot()).toEqual(before);
  }
}

describe.each(cases)('a %s, own article: %s, %s', (role, own, state) => {
  const owner = () => (own ? people[role] : otherAuthor);

  it('edits it, or is refused', async () => {
    const id = await article(owner(), state);
    const before = await snapshot();
    const res = await call(t.app, {
      method: 'PUT',
      url: `/api/v1/news/update/${id}`,
      headers: people[role].headers,
      payload: await updateOf(id, {}),
    });
    await expectAnswer(res, may.edit(role, own, state), before);
  });

  it('publishes it now, or is refused', async () => {
    const id = await article(owner(), state);
    const before = await snapshot();
    const res = await call(t.app, {
      method: 'PUT',
      url: `/api/v1/news/update/${id}`,
      headers: people[role].headers,
      payload: await updateOf(id, { draft: false }),
    });
    const allowed = may.edit(role, own, state) && (state === 'published' || may.publish(role, own));
    await expectAnswer(res, allowed, before);
  });

  it('deletes it, or is refused', async () => {
    const id = await article(owner(), state);
    const before = await snapshot();
    const res = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/news/delete/${id}`,
      headers: people[role].headers,
    });
    await expectAnswer(res, may.delete(role, own, state), before);
  });
});

describe.each(ROLES)('a new article by a %s', (role) => {
  it.each(STATES)('left %s: created as its author, or refused', async (state) => {
    const before = await snapshot();
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/v1/news/create',
      headers: people[role].headers,
      payload: newsFields(taxonomy, stateFields(state)),
    });
    const allowed = state === 'draft' || role !== 'contributor';
    await expectAnswer(res, allowed, before);
    if (allowed) {
      const authors = await t.app.db.kysely
        .selectFrom('news_authors')
        .select('staff_id')
        .where('news_id', '=', res.body.data._id)
        .execute();
      expect(authors).toEqual([{ staff_id: people[role].id }]);
    } else {
      expect(res.body.message).toMatch(/draft/);
    }
  });
});

describe('a missing article', () => {
  it('answers 404 to every role, even one that could not have touched it', async () => {
    for (const role of ROLES) {
      const res = await call(t.app, {
        method: 'PUT',
        url: `/api/v1/news/update/${randomUUID()}`,
        headers: people[role].headers,
        payload: newsFields(taxonomy),
      });
      expect({ role, status: res.status }).toEqual({ role, status: 404 });
    }
  });
});

// Staff created by the CLI in other tests are admins; the sign-up code makes one too (spec).
it('an account made with createAdmin and no role is an admin', async () => {
  const admin = await createAdmin(t.app);
  const row = await t.app.db.kysely
    .selectFrom('admins')
    .select('role')
    .where('id', '=', admin.id)
    .executeTakeFirstOrThrow();
  expect(row.role).toBe('admin');
});
