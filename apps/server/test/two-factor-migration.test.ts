import { afterAll, describe, expect, it } from 'vitest';
import { call, createTestApp, migratorOf } from './helpers.ts';
import { MovableClock } from './movable-clock.ts';
import { adminCall, signIn } from './session-calls.ts';
import { bearerOf, enrol } from './two-factor-calls.ts';

/** Migration 0011 (two-factor sign-in) undone and done again, on the database of the run. */
const clock = new MovableClock();
const t = await createTestApp({}, { clock });
afterAll(() => t.close());

describe('migration 0011_two_factor', () => {
  it('is undone by its down() with two-factor data in its tables, and done again; sessions live on', async () => {
    const enrolled = await signIn(t.app);
    await enrol(t.app, enrolled.accessToken, clock);
    const plain = await signIn(t.app);

    const migrator = await migratorOf(t.app);
    const down = await migrator.migrateTo('0010_invitations');
    expect(down.error).toBeUndefined();
    // The later migrations go down first; 0011 last.
    const results = down.results?.map((r) => [r.migrationName, r.direction, r.status]) ?? [];
    expect(results.at(-1)).toEqual(['0011_two_factor', 'Down', 'Success']);
    expect(
      results.every(([, direction, status]) => direction === 'Down' && status === 'Success'),
    ).toBe(true);
    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();

    // A session of before the migration: still open, listed without an address.
    expect((await adminCall(t.app, plain.accessToken)).status).toBe(200);
    const sessions = await call(t.app, {
      method: 'GET',
      url: '/api/v1/auth/sessions',
      headers: bearerOf(plain.accessToken),
    });
    expect(sessions.status).toBe(200);
    expect(sessions.body.data).toEqual([
      expect.objectContaining({ current: true, address: '', agent: '' }),
    ]);
    const rows = await t.app.db.kysely.selectFrom('two_factor').selectAll().execute();
    expect(rows).toEqual([]);
  });
});
