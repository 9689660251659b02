import { afterAll, describe, expect, it } from 'vitest';
import { clientAddress, createAdmin } from './fixtures.ts';
import { call, createTestApp } from './helpers.ts';
import { SESSION_REFUSED, adminCall, refresh, signIn } from './session-calls.ts';
import { bearerOf, defined, login } from './two-factor-calls.ts';

/* GET /auth/sessions and DELETE /auth/sessions/{id} (newsroom API, Staff and invitations). */

const t = await createTestApp();
afterAll(() => t.close());

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

async function signInFrom(email: string, address: string, agent: string) {
  const res = await call(t.app, {
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password: 'correct-horse-42' },
    headers: { 'user-agent': agent },
    remoteAddress: address,
  });
  expect(res.status).toBe(200);
  return res.body.data as { accessToken: string; refreshToken: string };
}

const sessionsOf = (accessToken: string) =>
  call(t.app, { method: 'GET', url: '/api/v1/auth/sessions', headers: bearerOf(accessToken) });

describe('the sessions list', () => {
  it('lists each open sign-in with its address, agent and times, marking the current one', async () => {
    const admin = await createAdmin(t.app);
    const laptop = await signInFrom(admin.email, '10.1.2.3', FIREFOX);
    const phone = await signInFrom(admin.email, '10.9.8.7', 'NewsroomPhone/1.0');
    const res = await sessionsOf(laptop.accessToken);
    expect(res.status).toBe(200);
    const rows = res.body.data as Record<string, unknown>[];
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(Object.keys(row).sort()).toEqual(
        ['_id', 'address', 'agent', 'createdAt', 'current', 'lastUsedAt'].sort(),
      );
    }
    expect(rows.find((row) => row.current)).toMatchObject({ address: '10.1.2.3', agent: FIREFOX });
    expect(rows.find((row) => !row.current)).toMatchObject({
      address: '10.9.8.7',
      agent: 'NewsroomPhone/1.0',
    });
    const fromPhone = (await sessionsOf(phone.accessToken)).body.data as { current: boolean }[];
    expect(fromPhone.filter((row) => row.current)).toHaveLength(1);
  });

  it('shows no one else’s sessions, nor ended ones', async () => {
    const admin = await createAdmin(t.app);
    const other = await signIn(t.app);
    const mine = await signInFrom(admin.email, clientAddress(), FIREFOX);
    const ended = await signInFrom(admin.email, clientAddress(), FIREFOX);
    await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: bearerOf(ended.accessToken),
    });
    const rows = (await sessionsOf(mine.accessToken)).body.data as { _id: string }[];
    expect(rows).toHaveLength(1);
    const otherRows = (await sessionsOf(other.accessToken)).body.data as { _id: string }[];
    expect(otherRows.map((row) => row._id)).not.toContain(defined(rows[0])._id);
  });

  it('writes the last use on refresh, at most once a minute', async () => {
    const admin = await createAdmin(t.app);
    const signedIn = await signInFrom(admin.email, clientAddress(), FIREFOX);
    const [listed] = (await sessionsOf(signedIn.accessToken)).body.data as {
      _id: string;
      createdAt: string;
      lastUsedAt: string;
    }[];
    const row = defined(listed);
    expect(row.lastUsedAt).toBe(row.createdAt);
    const stamp = '2000-01-01T00:00:00.000Z';
    await t.app.db.kysely
      .updateTable('sessions')
      .set({ last_used_at: stamp })
      .where('id', '=', row._id)
      .execute();
    const refreshed = await refresh(t.app, signedIn.refreshToken);
    expect(refreshed.status).toBe(200);
    const stored = async () =>
      (
        await t.app.db.kysely
          .selectFrom('sessions')
          .select('last_used_at')
          .where('id', '=', row._id)
          .executeTakeFirstOrThrow()
      ).last_used_at;
    const first = await stored();
    expect(defined(first ?? undefined) > stamp).toBe(true);
    // Within the minute, a second refresh writes nothing.
    await refresh(t.app, refreshed.body.data.refreshToken);
    expect(await stored()).toBe(first);
  });
});

describe('ending a session', () => {
  it('ends another of one’s own sessions at once: its access token answers 401', async () => {
    const admin = await createAdmin(t.app);
    const here = await signInFrom(admin.email, clientAddress(), FIREFOX);
    const there = await signInFrom(admin.email, clientAddress(), 'Other/1.0');
    expect((await adminCall(t.app, there.accessToken)).status).toBe(200);
    const rows = (await sessionsOf(here.accessToken)).body.data as {
      _id: string;
      current: boolean;
    }[];
    const other = defined(rows.find((row) => !row.current));
    const res = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/auth/sessions/${other._id}`,
      headers: bearerOf(here.accessToken),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ statusCode: 200, data: null });
    const refused = await adminCall(t.app, there.accessToken);
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe(SESSION_REFUSED);
    expect((await refresh(t.app, there.refreshToken)).status).toBe(401);
    expect((await adminCall(t.app, here.accessToken)).status).toBe(200);
    expect((await sessionsOf(here.accessToken)).body.data).toHaveLength(1);
  });

  it('answers 404 for another person’s session and leaves it open', async () => {
    const other = await signIn(t.app);
    const [theirs] = (await sessionsOf(other.accessToken)).body.data as { _id: string }[];
    const me = await signIn(t.app);
    const res = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/auth/sessions/${defined(theirs)._id}`,
      headers: bearerOf(me.accessToken),
    });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ statusCode: 404, data: null, code: 'NOT_FOUND' });
    expect((await adminCall(t.app, other.accessToken)).status).toBe(200);
  });

  it('answers 404 for an unknown or already ended session', async () => {
    const admin = await createAdmin(t.app);
    const here = await signInFrom(admin.email, clientAddress(), FIREFOX);
    const unknown = await call(t.app, {
      method: 'DELETE',
      url: '/api/v1/auth/sessions/no-such-session',
      headers: bearerOf(here.accessToken),
    });
    expect(unknown.status).toBe(404);
    const gone = (await login(t.app, admin.email)).body.data as { accessToken: string };
    const rows = (await sessionsOf(here.accessToken)).body.data as {
      _id: string;
      current: boolean;
    }[];
    const other = defined(rows.find((row) => !row.current));
    const del = () =>
      call(t.app, {
        method: 'DELETE',
        url: `/api/v1/auth/sessions/${other._id}`,
        headers: bearerOf(here.accessToken),
      });
    expect((await del()).status).toBe(200);
    expect((await del()).status).toBe(404);
    expect((await adminCall(t.app, gone.accessToken)).status).toBe(401);
  });
});
