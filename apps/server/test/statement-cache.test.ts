import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withStatementCache } from '../src/db/statement-cache.ts';

let sqlite: SQLite.Database;

beforeEach(() => {
  sqlite = new SQLite(':memory:');
  sqlite.exec('create table item (id integer primary key, name text)');
  sqlite.exec("insert into item (name) values ('one'), ('two'), ('three')");
});
afterEach(() => {
  if (sqlite.open) sqlite.close();
});

describe('SQLite statements as Kysely prepares them', () => {
  it('are prepared once per SQL text and reused', () => {
    const db = withStatementCache(sqlite);
    const first = db.prepare('select name from item where id = ?');
    const again = db.prepare('select name from item where id = ?');
    expect(again).toBe(first);
    expect(again.all([2])).toEqual([{ name: 'two' }]);
    expect(db.prepare('select name from item where id > ?')).not.toBe(first);
  });

  it('are never handed out while an earlier use still iterates', () => {
    const db = withStatementCache(sqlite);
    const text = 'select name from item order by id';
    const rows = db.prepare(text).iterate([]);
    expect(rows.next().value).toEqual({ name: 'one' });
    // The kept statement is busy: a fresh one answers meanwhile.
    expect(db.prepare(text).all([])).toHaveLength(3);
    expect([...rows].map((row) => (row as { name: string }).name)).toEqual(['two', 'three']);
  });

  it('keep the most recently used texts within their bound', () => {
    const db = withStatementCache(sqlite);
    const oldest = db.prepare('select 0 as n');
    const recent = db.prepare('select 1 as n');
    for (let n = 2; n <= 600; n++) {
      db.prepare('select 1 as n');
      db.prepare(`select ${n} as n`);
    }
    expect(db.prepare('select 1 as n')).toBe(recent);
    const prepared = db.prepare('select 0 as n');
    expect(prepared).not.toBe(oldest);
    expect(prepared.all([])).toEqual([{ n: 0 }]);
  });

  it('close the database with them', () => {
    const db = withStatementCache(sqlite);
    db.prepare('select 1');
    db.close();
    expect(sqlite.open).toBe(false);
  });
});
