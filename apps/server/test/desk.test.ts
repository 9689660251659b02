import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role, Stage } from '@newsroom/contract';
import { createTaxonomy, newsFields, type Taxonomy } from './factories.ts';
import { signedInStaff, type StaffMember } from './fixtures.ts';
import { call, createSiblingApp, createTestApp, type TestApp } from './helpers.ts';
import { MovableClock } from './movable-clock.ts';

/*
 * The desk (decisions 106, 107): every stage move by every role, the admin list's filters,
 * assignment, and versions that refuse a save over someone else's.
 */

const clock = new MovableClock();
let t: TestApp;
let taxonomy: Taxonomy;
const ROLES: Role[] = ['admin', 'editor', 'author', 'contributor'];
const people = {} as Record<Role, StaffMember>;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  for (const role of ROLES) people[role] = await signedInStaff(t.app, role, `Desk ${role}`);
  taxonomy = await createTaxonomy(t.app, people.admin.headers);
});
afterAll(() => t.close());

const DAY = 86_400_000;
const future = () => new Date(clock.now().getTime() + DAY).toISOString();

const create = (who: StaffMember, fields: Record<string, unknown> = {}) =>
  call(t.app, {
    method: 'POST',
    url: '/api/v1/news/create',
    headers: who.headers,
    payload: newsFields(taxonomy, fields),
  });

const read = async (id: string) =>
  (
    await call(t.app, {
      method: 'GET',
      url: `/api/v1/news/get/${id}`,
      headers: people.admin.headers,
    })
  ).body.data;

/** The update of an article as it stands (its slug kept), with `fields` on top. */
async function update(who: StaffMember, id: string, fields: Record<string, unknown>, app = t.app) {
  const { slug } = await read(id);
  return call(app, {
    method: 'PUT',
    url: `/api/v1/news/update/${id}`,
    headers: who.headers,
    payload: newsFields(taxonomy, { slug, ...fields }),
  });
}

/** An article of `owner` (its only author) in `stage`, put there by an admin. */
async function articleIn(stage: Stage, owner: StaffMember): Promise<string> {
  const publish = stage === 'scheduled' ? { publishAt: future() } : {};
  const first = stage === 'unpublished' ? 'published' : stage;
  const res = await create(people.admin, { stage: first, authorIds: [owner.id], ...publish });
  expect(res.status, res.body.message).toBe(200);
  const id = res.body.data._id as string;
  if (stage === 'unpublished') {
    expect((await update(people.admin, id, { stage: 'unpublished' })).status).toBe(200);
  }
  expect((await read(id)).stage).toBe(stage);
  return id;
}

const snapshot = async (id: string) => ({
  news: await t.app.db.kysely.selectFrom('news').selectAll().where('id', '=', id).execute(),
  audit: await t.app.db.kysely
    .selectFrom('audit_entries')
    .select('id')
    .where('thing_id', '=', id)
    .execute(),
});

const STAGES: Stage[] = ['draft', 'in_review', 'ready', 'scheduled', 'published', 'unpublished'];

/** From the newsroom API's role table, written out apart from the server's own. */
function mayMove(role: Role, own: boolean, from: Stage, to: Stage): boolean | 'bad' {
  const editor = role === 'admin' || role === 'editor';
  const released = from === 'published' || from === 'scheduled';
  if (to === 'unpublished' && !released && from !== 'unpublished') return 'bad';
  const edits =
    editor ||
    (role === 'author' && own) ||
    (role === 'contributor' && own && !released && from !== 'ready');
  if (!edits) return false;
  const publishes = editor || (role === 'author' && own);
  if (released && !publishes && from !== to) return false;
  if (from === to) return true;
  if (to === 'draft' || to === 'in_review') return true;
  if (to === 'ready') return editor;
  return publishes;
}

const moves = ROLES.flatMap((role) =>
  [true, false].flatMap((own) =>
    STAGES.flatMap((from) => STAGES.map((to) => [role, own, from, to] as const)),
  ),
);

describe('every stage move by every role', () => {
  let other: StaffMember;
  beforeAll(async () => {
    other = await signedInStaff(t.app, 'author', 'Another author');
  });

  it.each(moves)('a %s (own: %s) moving %s to %s', async (role, own, from, to) => {
    const id = await articleIn(from, own ? people[role] : other);
    const before = await snapshot(id);
    const fields: Record<string, unknown> = { stage: to, note: `moved to ${to}` };
    if (to === 'scheduled') fields.publishAt = future();
    const res = await update(people[role], id, fields);
    const allowed = mayMove(role, own, from, to);
    if (allowed === true) {
      expect(res.status, res.body.message).toBe(200);
      expect(res.body.data.stage).toBe(to);
      const entry = await t.app.db.kysely
        .selectFrom('audit_entries')
        .select(['changes', 'actor_id'])
        .where('thing_id', '=', id)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(entry.actor_id).toBe(people[role].id);
      expect(JSON.parse(entry.changes)).toContainEqual({
        field: 'note',
        before: null,
        after: `moved to ${to}`,
      });
      return;
    }
    expect(res.status).toBe(allowed === 'bad' ? 400 : 403);
    expect(res.body).toMatchObject({
      data: null,
      code: allowed === 'bad' ? 'BAD_REQUEST' : 'FORBIDDEN',
    });
    expect(await snapshot(id)).toEqual(before);
  });
});

describe('creating in a stage', () => {
  it.each(ROLES.flatMap((role) => STAGES.map((stage) => [role, stage] as const)))(
    'a %s creating in %s',
    async (role, stage) => {
      const fields: Record<string, unknown> = { stage };
      if (stage === 'scheduled') fields.publishAt = future();
      const res = await create(people[role], fields);
      const allowed =
        stage === 'unpublished'
          ? 'bad'
          : role === 'contributor'
            ? stage === 'draft' || stage === 'in_review'
            : role === 'author'
              ? stage !== 'ready'
              : true;
      if (allowed === true) {
        expect(res.status, res.body.message).toBe(200);
        expect(res.body.data).toMatchObject({ stage, version: 1, assignee: null, dueAt: null });
      } else {
        expect(res.status).toBe(allowed === 'bad' ? 400 : 403);
      }
    },
  );

  it('refuses a schedule without a time to come and publishing at a time to come', async () => {
    expect((await create(people.editor, { stage: 'scheduled' })).status).toBe(400);
    const res = await create(people.editor, { stage: 'published', publishAt: future() });
    expect(res.status).toBe(400);
  });
});

describe('the original front end', () => {
  it('creates and updates without a version or a stage, as before', async () => {
    const created = await create(people.admin, { draft: true });
    expect(created.body.data).toMatchObject({ draft: true, stage: 'draft', version: 1 });
    const id = created.body.data._id as string;
    // An older front end knows nothing of versions: its save wins, and the version grows.
    const published = await update(people.admin, id, { draft: false });
    expect(published.status).toBe(200);
    expect(published.body.data).toMatchObject({ draft: false, stage: 'published', version: 2 });
    const again = await update(people.admin, id, { title: 'Saved by the original front end' });
    expect(again.body.data).toMatchObject({ stage: 'published', version: 3 });
    // Taking it back to a draft, the old way, leaves it unpublished on the desk.
    const back = await update(people.admin, id, { draft: true });
    expect(back.body.data).toMatchObject({ draft: true, stage: 'unpublished', version: 4 });
  });

  it('keeps a draft where it is on the desk when saved as a draft', async () => {
    const id = await articleIn('in_review', people.author);
    const res = await update(people.author, id, { draft: true, title: 'Still waiting for review' });
    expect(res.body.data.stage).toBe('in_review');
  });

  it('schedules with publishAt, and the schedule becomes published at its time', async () => {
    const soon = new Date(clock.now().getTime() + 60_000).toISOString();
    const res = await create(people.editor, { publishAt: soon });
    expect(res.body.data.stage).toBe('scheduled');
    clock.advance(120_000);
    expect((await read(res.body.data._id)).stage).toBe('published');
  });

  it('takes multipart writes with the desk fields', async () => {
    const form = new FormData();
    for (const [name, value] of Object.entries(newsFields(taxonomy, { stage: 'in_review' }))) {
      for (const item of Array.isArray(value) ? value : [value]) {
        if (item !== null) form.append(name, String(item));
      }
    }
    form.append('assigneeId', people.editor.id);
    const response = new Response(form);
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/v1/news/create',
      headers: {
        ...people.contributor.headers,
        'content-type': response.headers.get('content-type') ?? '',
      },
      payload: Buffer.from(await response.arrayBuffer()),
    });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data).toMatchObject({
      stage: 'in_review',
      assignee: { _id: people.editor.id, name: 'Desk editor' },
    });
  });
});

describe('assignment and the desk', () => {
  it('assigns to active staff only, with a due time, and tells the assignee', async () => {
    const reporter = await signedInStaff(t.app, 'editor', 'Assigned Editor');
    const desk = async () =>
      (await call(t.app, { method: 'GET', url: '/api/v1/desk', headers: reporter.headers })).body
        .data;
    const before = await desk();
    const due = future();
    const res = await create(people.contributor, {
      stage: 'in_review',
      assigneeId: reporter.id,
      dueAt: due,
    });
    expect(res.body.data).toMatchObject({
      assignee: { _id: reporter.id, name: 'Assigned Editor' },
      dueAt: due,
    });
    expect(await desk()).toEqual({
      assigned: before.assigned + 1,
      inReview: before.inReview + 1,
    });
    const mine = await call(t.app, {
      method: 'GET',
      url: '/api/v1/news/get?assignee=me',
      headers: reporter.headers,
    });
    expect(mine.body.count).toBe(1);
    expect(mine.body.data.data.map((row: { _id: string }) => row._id)).toEqual([res.body.data._id]);
    // Unassigned: off their desk; an unknown person cannot be assigned.
    const id = res.body.data._id as string;
    const unassigned = await update(people.editor, id, { assigneeId: null });
    expect(unassigned.body.data.assignee).toBeNull();
    expect((await desk()).assigned).toBe(before.assigned);
    const unknown = await update(people.editor, id, { assigneeId: randomUUID() });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/assigneeId/);
  });

  it('records assignment in the audit trail', async () => {
    const res = await create(people.editor, { assigneeId: people.author.id });
    const entry = await t.app.db.kysely
      .selectFrom('audit_entries')
      .select('changes')
      .where('thing_id', '=', res.body.data._id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.changes)).toContainEqual({
      field: 'assignee',
      before: null,
      after: 'Desk author',
    });
  });
});

describe('the admin list, filtered', () => {
  it('lists one stage, the person’s own desk, or both; unfiltered as before', async () => {
    const tester = await signedInStaff(t.app, 'editor', 'Filter Editor');
    const ids = {
      review: await articleIn('in_review', people.author),
      ready: await articleIn('ready', people.author),
      scheduled: await articleIn('scheduled', people.author),
    };
    await update(people.admin, ids.review, { assigneeId: tester.id });
    await update(people.admin, ids.ready, { assigneeId: tester.id });
    // Spec §7's reading of the admin list: `data: { data, count }`, `count` beside it too.
    const list = async (query: string) => {
      const { body } = await call(t.app, {
        method: 'GET',
        url: `/api/v1/news/get?${query}`,
        headers: tester.headers,
      });
      return body.statusCode === 200 ? { ...body.data, outer: body.count } : body;
    };
    const mine = await list('assignee=me&limit=10');
    expect(mine.data.map((row: { _id: string }) => row._id)).toEqual([ids.ready, ids.review]);
    expect(mine.count).toBe(2);
    expect(mine.outer).toBe(2);
    const readyOfMine = await list('assignee=me&stage=ready');
    expect(readyOfMine.data.map((row: { _id: string }) => row._id)).toEqual([ids.ready]);
    // Every stage's count is the number of articles the unfiltered list shows in it.
    const everything: { _id: string; stage: string }[] = [];
    for (let page = 1; ; page += 1) {
      const rows = (await list(`page=${page}&limit=100`)).data;
      everything.push(...rows);
      if (rows.length < 100) break;
    }
    for (const stage of STAGES) {
      const page = await list(`stage=${stage}&limit=100`);
      expect(page.data.every((row: { stage: string }) => row.stage === stage)).toBe(true);
      expect(page.count).toBe(everything.filter((row) => row.stage === stage).length);
    }
    expect(
      (await list('stage=scheduled&limit=100')).data.map((r: { _id: string }) => r._id),
    ).toContain(ids.scheduled);
    const all = await list('page=1&limit=3');
    expect(Object.keys(all).sort()).toEqual(['count', 'data', 'outer']);
    expect(all.outer).toBe(all.count);
    expect(all.data).toHaveLength(3);
    expect(all.data[0]).toMatchObject({ stage: expect.any(String), version: expect.any(Number) });
    expect((await list('stage=nonsense')).statusCode).toBe(400);
  });
});

describe('versions', () => {
  it('refuses a save over a newer version with who saved it and when; none still wins', async () => {
    const created = await create(people.author, { stage: 'draft' });
    const id = created.body.data._id as string;
    const first = await update(people.author, id, { version: 1, title: 'The first save of it' });
    expect(first.status).toBe(200);
    expect(first.body.data.version).toBe(2);
    const before = await snapshot(id);
    const stale = await update(people.editor, id, { version: 1, title: 'A stale save of it' });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      statusCode: 409,
      code: 'CONFLICT',
      data: {
        version: 2,
        updatedAt: first.body.data.updatedAt,
        updatedBy: { _id: people.author.id, name: 'Desk author' },
      },
    });
    expect(stale.body.message).toContain('Desk author saved this article at');
    expect(await snapshot(id)).toEqual(before);
    const current = await update(people.editor, id, { version: 2, title: 'A current save of it' });
    expect(current.body.data).toMatchObject({ version: 3, title: 'A current save of it' });
    const blind = await update(people.editor, id, { title: 'A save naming no version' });
    expect(blind.body.data).toMatchObject({ version: 4, title: 'A save naming no version' });
  });

  it('lets only one of two concurrent saves of a version win, across two instances', async () => {
    const sibling = await createSiblingApp(t, {}, { clock });
    try {
      for (let round = 0; round < 3; round += 1) {
        const id = (await create(people.editor)).body.data._id as string;
        const { slug } = await read(id);
        const save = (app: typeof t.app, title: string) =>
          call(app, {
            method: 'PUT',
            url: `/api/v1/news/update/${id}`,
            headers: people.editor.headers,
            payload: newsFields(taxonomy, { slug, title, version: 1 }),
          });
        const answers = await Promise.all([
          save(t.app, 'Saved by the first instance'),
          save(sibling.app, 'Saved by the second instance'),
        ]);
        expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
        const winner = answers.find((res) => res.status === 200);
        const after = await read(id);
        expect(after).toMatchObject({ version: 2, title: winner?.body.data.title });
      }
    } finally {
      await sibling.close();
    }
  });

  it('refuses a version that is not a number', async () => {
    const id = (await create(people.editor)).body.data._id as string;
    const res = await update(people.editor, id, { version: 'abc' });
    expect(res.status).toBe(400);
  });
});
