import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNews, within, newsContext, type NewsContext } from './factories.ts';
import { createTestApp, type TestApp } from './helpers.ts';

/**
 * The write-ahead log's state as SQLite's shared index holds it (sqlite.org/walformat.html, in
 * the machine's byte order): frames in the log, and how many of them are copied back already.
 */
async function walState(dataDir: string): Promise<{ frames: number; copied: number }> {
  const index = await fs.readFile(path.join(dataDir, 'newsroom.db-shm'));
  const u32 = (at: number) =>
    os.endianness() === 'LE' ? index.readUInt32LE(at) : index.readUInt32BE(at);
  return { frames: u32(16), copied: u32(96) };
}

describe.skipIf(Boolean(process.env.DATABASE_URL))('SQLite checkpoints', () => {
  let t: TestApp;
  let ctx: NewsContext;

  beforeAll(async () => {
    t = await createTestApp();
    ctx = await newsContext(t.app);
  });
  afterAll(() => t.close());

  it('never checkpoints in a commit of the app’s connection', async () => {
    const { rows } = await sql<{
      wal_autocheckpoint: number;
    }>`pragma wal_autocheckpoint`.execute(t.app.db.kysely);
    expect(rows[0]?.wal_autocheckpoint).toBe(0);
  });

  it('copies every write back into the database file within two seconds, from its own thread', async () => {
    await createNews(ctx, { title: 'Written to the log, then to the file' });
    expect((await walState(t.dataDir)).frames).toBeGreaterThan(0);
    const copied = await within(2000, async () => {
      const { frames, copied } = await walState(t.dataDir);
      return frames > 0 && copied === frames;
    });
    expect(copied).toBe(true);
  });
});
