import { randomUUID } from 'node:crypto';
import type { AuditEntryDto, Role } from '@newsroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTaxonomy, newsFields, type AuthHeaders, type Taxonomy } from './factories.ts';
import { ADMIN_PASSWORD, clientAddress, signedInStaff } from './fixtures.ts';
import { call, createTestApp, type TestApp } from './helpers.ts';
import { startMailServer, type TestMailServer } from './mail-server.ts';
import { MovableClock } from './movable-clock.ts';
import { bearerOf, codeAt, enrol, login, secondStep } from './two-factor-calls.ts';

/*
 * The audit trail (newsroom API, Audit), read from outside: each change made through the API
 * leaves one entry naming who, from where, what and the fields before and after; a refused or
 * failed change leaves none; the list filters; an editor reads the entries of articles only; and
 * no call changes an entry.
 */

interface Person {
  id: string;
  name: string;
  email: string;
  address: string;
  headers: AuthHeaders;
}

let t: TestApp;
let mail: TestMailServer;
const clock = new MovableClock();
const people = {} as Record<Role, Person>;
let taxonomy: Taxonomy;

const signIn = (role: Role): Promise<Person> => signedInStaff(t.app, role, `Audited ${role}`);

/** A call made by `person` from their own address. */
const by = (person: Person, options: Parameters<typeof call>[1]) =>
  call(t.app, { ...options, headers: person.headers, remoteAddress: person.address });

async function audit(person: Person, query: Record<string, string | number> = {}) {
  const search = new URLSearchParams(
    Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
  );
  return by(person, { method: 'GET', url: `/api/v1/audit?${search}` });
}

/** The newest entries about one thing, as an admin reads them. */
async function entriesOf(thingId: string): Promise<AuditEntryDto[]> {
  const res = await audit(people.admin, { limit: 100 });
  expect(res.status).toBe(200);
  return (res.body.data as AuditEntryDto[]).filter((entry) => entry.thingId === thingId);
}

const changeOf = (entry: AuditEntryDto | undefined, field: string) =>
  entry?.changes.find((change) => change.field === field);

async function entryCount(): Promise<number> {
  const row = await t.app.db.kysely
    .selectFrom('audit_entries')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

beforeAll(async () => {
  mail = await startMailServer();
  t = await createTestApp({ SMTP_URL: mail.url, PUBLIC_URL: 'http://news.test' }, { clock });
  for (const role of ['admin', 'editor', 'author', 'contributor'] as const) {
    people[role] = await signIn(role);
  }
  taxonomy = await createTaxonomy(t.app, people.admin.headers);
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

describe('the entries of article writes', () => {
  it('names the author, their address and every field of a new article', async () => {
    const res = await by(people.author, {
      method: 'POST',
      url: '/api/v1/news/create',
      payload: newsFields(taxonomy, { title: 'Harbour bridge reopens' }),
    });
    expect(res.status, res.body.message).toBe(200);
    const [entry] = await entriesOf(res.body.data._id);
    expect(entry).toMatchObject({
      actor: { _id: people.author.id, name: people.author.name },
      action: 'create',
      kind: 'news',
      title: 'Harbour bridge reopens',
      address: people.author.address,
    });
    expect(changeOf(entry, 'title')).toEqual({
      field: 'title',
      before: null,
      after: 'Harbour bridge reopens',
    });
    expect(changeOf(entry, 'category')?.after).toBe(taxonomy.names.category);
    expect(changeOf(entry, 'authors')?.after).toBe(people.author.name);
    expect(changeOf(entry, 'publication')?.after).toMatch(/^published /);
  });

  it('keeps an update as the fields it changed, long text as a summary', async () => {
    const created = await by(people.editor, {
      method: 'POST',
      url: '/api/v1/news/create',
      payload: newsFields(taxonomy, { title: 'Council meets tonight' }),
    });
    const id = created.body.data._id as string;
    const longBody = `<p>${'The council voted late into the night on the new budget. '.repeat(20)}</p>`;
    const updated = await by(people.editor, {
      method: 'PUT',
      url: `/api/v1/news/update/${id}`,
      payload: {
        ...newsFields(taxonomy, { title: 'Council passes budget', description: longBody }),
        slug: created.body.data.slug,
      },
    });
    expect(updated.status, updated.body.message).toBe(200);
    const [entry] = await entriesOf(id);
    expect(entry?.action).toBe('update');
    expect(changeOf(entry, 'title')).toEqual({
      field: 'title',
      before: 'Council meets tonight',
      after: 'Council passes budget',
    });
    const body = changeOf(entry, 'body');
    expect(body?.after).toMatch(/^The council voted late into the night.*… \([\d,]+ characters\)$/);
    expect(body?.after?.length).toBeLessThanOrEqual(160);
    // Unchanged fields are not listed.
    expect(changeOf(entry, 'category')).toBeUndefined();
    expect(changeOf(entry, 'slug')).toBeUndefined();
  });

  it('keeps what a deleted article was', async () => {
    const created = await by(people.admin, {
      method: 'POST',
      url: '/api/v1/news/create',
      payload: newsFields(taxonomy, { title: 'A story to remove' }),
    });
    const id = created.body.data._id as string;
    const res = await by(people.admin, { method: 'DELETE', url: `/api/v1/news/delete/${id}` });
    expect(res.status).toBe(200);
    const [entry] = await entriesOf(id);
    expect(entry).toMatchObject({ action: 'delete', kind: 'news', title: 'A story to remove' });
    expect(changeOf(entry, 'title')).toEqual({
      field: 'title',
      before: 'A story to remove',
      after: null,
    });
  });

  it('writes nothing for a refused or failed write', async () => {
    const before = await entryCount();
    const refused = await by(people.contributor, {
      method: 'POST',
      url: '/api/v1/news/create',
      payload: newsFields(taxonomy, { title: 'A contributor publishing' }),
    });
    expect(refused.status).toBe(403);
    const first = await by(people.admin, {
      method: 'POST',
      url: '/api/v1/news/create',
      payload: newsFields(taxonomy, { title: 'One slug only', slug: 'one-slug-only' }),
    });
    expect(first.status).toBe(200);
    const duplicate = await by(people.admin, {
      method: 'POST',
      url: '/api/v1/news/create',
      payload: newsFields(taxonomy, { title: 'Another with it', slug: 'one-slug-only' }),
    });
    expect(duplicate.status).toBe(409);
    const invalid = await by(people.admin, {
      method: 'POST',
      url: '/api/v1/category/create',
      payload: { name: '' },
    });
    expect(invalid.status).toBe(400);
    expect(await entryCount()).toBe(before + 1);
  });
});

describe('the entries of the taxonomy, the staff and sign-ins', () => {
  it('keeps a category’s name before and after, and its removal', async () => {
    const created = await by(people.editor, {
      method: 'POST',
      url: '/api/v1/category/create',
      payload: { name: 'Weather' },
    });
    const id = created.body.data._id as string;
    await by(people.editor, {
      method: 'PUT',
      url: `/api/v1/category/update/${id}`,
      payload: { name: 'Climate' },
    });
    await by(people.admin, { method: 'DELETE', url: `/api/v1/category/delete/${id}` });
    const entries = await entriesOf(id);
    expect(entries.map((entry) => [entry.action, entry.actor?.name, entry.changes[0]])).toEqual([
      ['delete', people.admin.name, { field: 'name', before: 'Climate', after: null }],
      ['update', people.editor.name, { field: 'name', before: 'Weather', after: 'Climate' }],
      ['create', people.editor.name, { field: 'name', before: null, after: 'Weather' }],
    ]);
  });

  it('keeps a sub-category’s move, an anchor and a publisher', async () => {
    const other = await by(people.admin, {
      method: 'POST',
      url: '/api/v1/category/create',
      payload: { name: 'Sport' },
    });
    const sub = await by(people.admin, {
      method: 'POST',
      url: '/api/v1/subCategory/create',
      payload: { name: 'Cricket', categoryId: taxonomy.categoryId },
    });
    const move = await by(people.admin, {
      method: 'PUT',
      url: `/api/v1/subCategory/update/${sub.body.data._id}`,
      payload: { name: 'Cricket', categoryId: other.body.data._id },
    });
    expect(move.status, move.body.message).toBe(200);
    const [moved] = await entriesOf(sub.body.data._id);
    expect(moved?.kind).toBe('subcategory');
    expect(changeOf(moved, 'category')).toEqual({
      field: 'category',
      before: taxonomy.names.category,
      after: 'Sport',
    });
    const anchor = await by(people.admin, {
      method: 'POST',
      url: '/api/v1/anchor/create',
      payload: { name: 'Nila Rao' },
    });
    const publisher = await by(people.admin, {
      method: 'POST',
      url: '/api/v1/publisher/create',
      payload: { name: 'City Desk' },
    });
    expect((await entriesOf(anchor.body.data._id))[0]).toMatchObject({
      kind: 'anchor',
      action: 'create',
      title: 'Nila Rao',
    });
    expect((await entriesOf(publisher.body.data._id))[0]).toMatchObject({
      kind: 'publisher',
      action: 'create',
      title: 'City Desk',
    });
  });

  it('keeps role changes, suspensions, invitations and removals, naming a removed person', async () => {
    const person = await signIn('author');
    await by(people.admin, {
      method: 'PUT',
      url: `/api/v1/staff/${person.id}`,
      payload: { role: 'editor', status: 'suspended' },
    });
    const [changed] = await entriesOf(person.id);
    expect(changed).toMatchObject({ kind: 'staff', action: 'update', title: person.name });
    expect(changed?.changes).toEqual([
      { field: 'role', before: 'author', after: 'editor' },
      { field: 'status', before: 'active', after: 'suspended' },
    ]);

    const invited = await by(people.admin, {
      method: 'POST',
      url: '/api/v1/staff/invitations',
      payload: { email: `invited-${randomUUID()}@example.com`, role: 'contributor' },
    });
    expect(invited.status, invited.body.message).toBe(200);
    await by(people.admin, {
      method: 'DELETE',
      url: `/api/v1/staff/invitations/${invited.body.data._id}`,
    });
    const invitation = await entriesOf(invited.body.data._id);
    expect(invitation.map((entry) => [entry.kind, entry.action])).toEqual([
      ['invitation', 'delete'],
      ['invitation', 'create'],
    ]);

    // The person signs an article, is removed, and their entries still name them.
    const leaving = await signIn('author');
    const article = await by(leaving, {
      method: 'POST',
      url: '/api/v1/news/create',
      payload: newsFields(taxonomy, { title: 'Written before leaving' }),
    });
    const removed = await by(people.admin, {
      method: 'DELETE',
      url: `/api/v1/staff/${leaving.id}?transferTo=${people.editor.id}`,
    });
    expect(removed.status, removed.body.message).toBe(200);
    expect((await entriesOf(article.body.data._id))[0]?.actor).toEqual({
      _id: leaving.id,
      name: leaving.name,
    });
    const [removal] = await entriesOf(leaving.id);
    expect(removal).toMatchObject({ kind: 'staff', action: 'delete', title: leaving.name });
    expect(changeOf(removal, 'articlesTo')?.after).toBe(people.editor.name);
  });

  it('keeps sign-ins and failed sign-ins with their address', async () => {
    const address = clientAddress();
    const failed = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: people.author.email, password: 'not-the-password-1' },
      remoteAddress: address,
    });
    expect(failed.status).toBe(401);
    const signedIn = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: people.author.email, password: ADMIN_PASSWORD },
      remoteAddress: address,
    });
    expect(signedIn.status).toBe(200);
    const res = await audit(people.admin, { kind: 'session', actor: people.author.id, limit: 2 });
    expect(res.body.data.map((entry: AuditEntryDto) => [entry.action, entry.address])).toEqual([
      ['sign_in', address],
      ['sign_in_failed', address],
    ]);
    expect(changeOf(res.body.data[1], 'reason')?.after).toBe('Invalid email or password');
  });
});

describe('the entries of each person’s account and the site’s settings', () => {
  it('keeps a profile change, two-factor sign-in turned on and off, and a failed second step', async () => {
    const person = await signIn('author');
    const profile = await by(person, {
      method: 'PUT',
      url: '/api/v1/auth/me',
      payload: { name: 'Audited Author Renamed', bio: 'Covers the harbour.' },
    });
    expect(profile.status, profile.body.message).toBe(200);
    const [renamed] = await entriesOf(person.id);
    expect(renamed).toMatchObject({ kind: 'staff', action: 'update', address: person.address });
    expect(renamed?.changes).toEqual([
      { field: 'name', before: person.name, after: 'Audited Author Renamed' },
      { field: 'bio', before: null, after: 'Covers the harbour.' },
    ]);

    const token = person.headers.authorization.replace('Bearer ', '');
    const { secret } = await enrol(t.app, token, clock);
    const challenge = (await login(t.app, person.email)).body.data.challenge as string;
    const wrong = await secondStep(t.app, { challenge, code: '000000' });
    expect(wrong.status).toBe(401);
    const right = await secondStep(t.app, { challenge, code: codeAt(secret, clock) });
    expect(right.status, right.body.message).toBe(200);
    const off = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/2fa/disable',
      headers: bearerOf(right.body.data.accessToken),
      payload: { password: ADMIN_PASSWORD },
    });
    expect(off.status, off.body.message).toBe(200);
    const res = await audit(people.admin, { kind: 'session', actor: person.id, limit: 5 });
    expect(res.body.data.map((entry: AuditEntryDto) => entry.action)).toEqual([
      'two_factor_off',
      'sign_in',
      'sign_in_failed',
      'two_factor_on',
      'sign_in',
    ]);
    expect(changeOf(res.body.data[2], 'reason')?.after).toMatch(/second step/);
  });

  it('keeps a session ended from the list, and a change of the security settings', async () => {
    const person = await signIn('editor');
    const second = await login(t.app, person.email);
    const sessions = await by(person, { method: 'GET', url: '/api/v1/auth/sessions' });
    const elsewhere = (sessions.body.data as { _id: string; current: boolean }[]).find(
      (session) => !session.current,
    );
    expect(second.status).toBe(200);
    const ended = await by(person, {
      method: 'DELETE',
      url: `/api/v1/auth/sessions/${elsewhere?._id}`,
    });
    expect(ended.status, ended.body.message).toBe(200);
    const [signOut] = (await audit(people.admin, { actor: person.id, action: 'sign_out' })).body
      .data as AuditEntryDto[];
    expect(signOut).toMatchObject({ kind: 'session', thingId: elsewhere?._id });

    const settings = await by(people.admin, {
      method: 'PUT',
      url: '/api/v1/settings/security',
      payload: { requireTwoFactor: ['admin', 'editor'] },
    });
    expect(settings.status, settings.body.message).toBe(200);
    const [changed] = (await audit(people.admin, { kind: 'settings' })).body
      .data as AuditEntryDto[];
    expect(changed?.changes).toEqual([
      { field: 'requireTwoFactor', before: 'nobody', after: 'admin, editor' },
    ]);
    await by(people.admin, {
      method: 'PUT',
      url: '/api/v1/settings/security',
      payload: { requireTwoFactor: 'none' },
    });
  });
});

describe('the list', () => {
  it('filters by person, kind, action and period, newest first, with a count', async () => {
    const all = await audit(people.admin, { limit: 100 });
    expect(all.status).toBe(200);
    const entries = all.body.data as AuditEntryDto[];
    const times = entries.map((entry) => entry.at);
    expect(times).toEqual([...times].sort().reverse());
    expect(all.body).toMatchObject({ count: await entryCount(), countCapped: false });

    const editors = await audit(people.admin, { actor: people.editor.id, limit: 100 });
    expect(editors.body.data.length).toBeGreaterThan(0);
    for (const entry of editors.body.data as AuditEntryDto[]) {
      expect(entry.actor?._id).toBe(people.editor.id);
    }
    const renames = await audit(people.admin, { kind: 'category', action: 'update' });
    expect(renames.body.data.map((entry: AuditEntryDto) => entry.title)).toEqual(['Climate']);
    expect(renames.body.count).toBe(1);

    const middle = entries[Math.floor(entries.length / 2)] as AuditEntryDto;
    const until = await audit(people.admin, { to: middle.at, limit: 100 });
    expect(until.body.data[0]?.at <= middle.at).toBe(true);
    const since = await audit(people.admin, { from: middle.at, limit: 100 });
    expect(since.body.count + until.body.count).toBeGreaterThanOrEqual(entries.length);
    for (const entry of since.body.data as AuditEntryDto[])
      expect(entry.at >= middle.at).toBe(true);

    const second = await audit(people.admin, { page: 2, limit: 3 });
    expect(second.body.data.map((entry: AuditEntryDto) => entry._id)).toEqual(
      entries.slice(3, 6).map((entry) => entry._id),
    );
  });

  it('lets an editor read the entries of articles only, and nobody else in', async () => {
    const editor = await audit(people.editor, { limit: 100 });
    expect(editor.status).toBe(200);
    const kinds = new Set((editor.body.data as AuditEntryDto[]).map((entry) => entry.kind));
    expect([...kinds]).toEqual(['news']);
    const staff = await audit(people.editor, { kind: 'staff' });
    expect(staff.status).toBe(403);
    expect(staff.body).toMatchObject({ code: 'FORBIDDEN', data: null });
    expect(staff.body.message).toMatch(/entries of articles only/);
    for (const role of ['author', 'contributor'] as const) {
      const res = await audit(people[role]);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('Your role may not see the audit trail');
    }
  });

  it('refuses unknown filters and an upside-down period with a clear 400', async () => {
    const kind = await audit(people.admin, { kind: 'planet' });
    expect(kind.status).toBe(400);
    expect(kind.body.message).toMatch(/Unknown kind/);
    const period = await audit(people.admin, {
      from: '2026-02-01T00:00:00Z',
      to: '2026-01-01T00:00:00Z',
    });
    expect(period.status).toBe(400);
    expect(period.body.message).toMatch(/before its start/);
    const date = await audit(people.admin, { from: 'yesterday' });
    expect(date.status).toBe(400);
  });

  it('offers no call that changes or removes an entry', async () => {
    const [entry] = (await audit(people.admin)).body.data as AuditEntryDto[];
    const before = await entryCount();
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST'] as const) {
      const res = await by(people.admin, {
        method,
        url: `/api/v1/audit/${entry?._id}`,
        payload: { title: 'rewritten' },
      });
      expect(res.status).toBe(404);
    }
    expect(await entryCount()).toBe(before);
    const again = (await audit(people.admin)).body.data[0] as AuditEntryDto;
    expect(again).toEqual(entry);
  });
});
