import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';
import { searchBodyText } from '../news/body-text.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not as it is typed now */
type AnyDb = Kysely<any>;
/* eslint-enable @typescript-eslint/no-explicit-any */

const BACKFILL_BATCH = 500;

/** The plain text of every existing body, in batches, so a large table never sits in memory. */
async function backfillBodyText(db: AnyDb) {
  let after = '';
  for (;;) {
    const rows: { id: string; description: string }[] = await db
      .selectFrom('news')
      .select(['id', 'description'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BACKFILL_BATCH)
      .execute();
    for (const row of rows) {
      await db
        .updateTable('news')
        .set({ body_text: searchBodyText(row.description) })
        .where('id', '=', row.id)
        .execute();
    }
    const last = rows.at(-1);
    if (!last) return;
    after = last.id;
  }
}

/**
 * SQLite: an external-content FTS5 table over news (no second copy of the text), porter stemming
 * and no diacritics folding (as PostgreSQL's english configuration), kept by triggers. Updates
 * that touch no indexed column (a view counted) leave the index alone.
 */
async function sqliteIndex(db: AnyDb) {
  const columns = sql.raw('title, meta_description, tags, body_text');
  const values = (row: 'new' | 'old') =>
    sql.raw(`${row}.rowid, ${row}.title, ${row}.meta_description, ${row}.tags, ${row}.body_text`);
  await sql`create virtual table news_fts using fts5(${columns},
    content='news', tokenize='porter unicode61 remove_diacritics 0')`.execute(db);
  await sql`insert into news_fts(news_fts) values ('rebuild')`.execute(db);
  await sql`create trigger news_fts_insert after insert on news begin
    insert into news_fts(rowid, ${columns}) values (${values('new')});
  end`.execute(db);
  await sql`create trigger news_fts_delete after delete on news begin
    insert into news_fts(news_fts, rowid, ${columns}) values ('delete', ${values('old')});
  end`.execute(db);
  await sql`create trigger news_fts_update after update of ${columns} on news begin
    insert into news_fts(news_fts, rowid, ${columns}) values ('delete', ${values('old')});
    insert into news_fts(rowid, ${columns}) values (${values('new')});
  end`.execute(db);
}

/** The weighted document of a news row `row`: title A, meta description and tags B, body C. */
const document = (row: string) =>
  sql.raw(`setweight(to_tsvector('english', ${row}.title), 'A')
    || setweight(to_tsvector('english', ${row}.meta_description || ' ' || ${row}.tags), 'B')
    || setweight(to_tsvector('english', ${row}.body_text), 'C')`);

/**
 * PostgreSQL: documents in their own table (so news reads never carry them) with a GIN index,
 * beside copies of the row's status and creation time, so the newest public matches are found
 * from this table alone; a trigger rewrites a row whenever one of those columns changes.
 */
async function postgresIndex(db: AnyDb) {
  await sql`create table news_search (
    news_id text primary key references news(id) on delete cascade,
    status integer not null,
    created_at text not null,
    document tsvector not null
  )`.execute(db);
  await sql`insert into news_search (news_id, status, created_at, document)
    select n.id, n.status, n.created_at, ${document('n')} from news n`.execute(db);
  await sql`create index news_search_document_idx on news_search using gin (document)`.execute(db);
  // For words in many articles the planner walks this newest first and stops at the thousandth
  // match, instead of fetching every match the GIN index finds.
  await sql`create index news_search_public_idx
    on news_search (status, created_at desc, news_id desc)`.execute(db);
  await createPostgresSearchSync(db, false);
}

/**
 * The trigger that copies a news row into news_search. From migration 0007 the copy includes
 * `draft`, which the reader-facing rule reads (db/news-visibility.ts); 0004 created it without.
 */
export async function createPostgresSearchSync(db: AnyDb, withDraft: boolean) {
  const draft = {
    column: sql.raw(withDraft ? ', draft' : ''),
    value: sql.raw(withDraft ? ', new.draft' : ''),
    set: sql.raw(withDraft ? ', draft = excluded.draft' : ''),
  };
  await sql`create or replace function news_search_sync() returns trigger language plpgsql as $$
    begin
      insert into news_search (news_id, status, created_at, document${draft.column})
      values (new.id, new.status, new.created_at, ${document('new')}${draft.value})
      on conflict (news_id) do update set status = excluded.status,
        created_at = excluded.created_at, document = excluded.document${draft.set};
      return null;
    end $$`.execute(db);
  await sql`drop trigger if exists news_search_sync on news`.execute(db);
  await sql`create trigger news_search_sync
    after insert or update of title, meta_description, tags, body_text, status, created_at${draft.column}
    on news for each row execute function news_search_sync()`.execute(db);
}

/** 0004_search: news.body_text, the full-text index of each database, and the triggers. */
export const searchMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable('news')
      .addColumn('body_text', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await backfillBodyText(db);
    if (db.getExecutor().adapter instanceof PostgresAdapter) await postgresIndex(db);
    else await sqliteIndex(db);
  },
  async down(db: AnyDb) {
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`drop trigger if exists news_search_sync on news`.execute(db);
      await sql`drop function if exists news_search_sync()`.execute(db);
      await sql`drop table if exists news_search`.execute(db);
    } else {
      for (const name of ['news_fts_insert', 'news_fts_delete', 'news_fts_update']) {
        await sql`drop trigger if exists ${sql.raw(name)}`.execute(db);
      }
      await sql`drop table if exists news_fts`.execute(db);
    }
    await db.schema.alterTable('news').dropColumn('body_text').execute();
  },
};
