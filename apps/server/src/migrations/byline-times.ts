import { sql, type Kysely, type Migration } from 'kysely';
import { dialectOf } from '../db/news-figures-triggers.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not as it is typed now */
type AnyDb = Kysely<any>;
/* eslint-enable @typescript-eslint/no-explicit-any */

/** Whether readers may see an article, publication time aside: active and not a draft. */
const LISTED = (alias: string) =>
  `case when ${alias}.status = 1 and ${alias}.draft = 0 then 1 else 0 end`;

/** Adds `delta` to a person's figure of listed bylines. */
const addToCount = (staffId: string, delta: string) =>
  `insert into byline_counts (staff_id, listed_count) values (${staffId}, ${delta})
    on conflict (staff_id) do update set listed_count = byline_counts.listed_count + excluded.listed_count`;

/**
 * SQLite: row triggers. A byline is placed after its insert (SQLite cannot change the row being
 * inserted), which moves the count through the update trigger.
 */
const SQLITE_TRIGGERS = [
  `create trigger bylines_placed after insert on news_authors begin
    update news_authors set
      created_at = (select created_at from news where id = new.news_id),
      listed = (select ${LISTED('news')} from news where id = new.news_id)
    where news_id = new.news_id and staff_id = new.staff_id;
  end`,
  `create trigger bylines_follow_news after update of status, draft, created_at on news
    when new.status is not old.status or new.draft is not old.draft
      or new.created_at is not old.created_at begin
    update news_authors set created_at = new.created_at, listed = ${LISTED('new')}
    where news_id = new.id;
  end`,
  `create trigger byline_counts_insert after insert on news_authors when new.listed = 1 begin
    ${addToCount('new.staff_id', '1')};
  end`,
  `create trigger byline_counts_delete after delete on news_authors when old.listed = 1 begin
    ${addToCount('old.staff_id', '-1')};
  end`,
  `create trigger byline_counts_update after update of listed, staff_id on news_authors
    when new.listed is not old.listed or new.staff_id is not old.staff_id begin
    ${addToCount('old.staff_id', '-old.listed')};
    ${addToCount('new.staff_id', 'new.listed')};
  end`,
];

/**
 * PostgreSQL: what each write of bylines adds to each person's count, from its transition tables.
 */
const COUNT_MOVES = {
  insert: {
    transitions: 'new table as new_rows',
    moved: 'select staff_id, listed as delta from new_rows',
  },
  delete: {
    transitions: 'old table as old_rows',
    moved: 'select staff_id, -listed as delta from old_rows',
  },
  update: {
    transitions: 'old table as old_rows new table as new_rows',
    moved: `select staff_id, listed as delta from new_rows
      union all select staff_id, -listed as delta from old_rows`,
  },
};
const COUNT_EVENTS = Object.keys(COUNT_MOVES) as (keyof typeof COUNT_MOVES)[];

/** PostgreSQL: the same, a byline placed before its insert. */
const POSTGRES_TRIGGERS = [
  `create function bylines_placed() returns trigger language plpgsql as $$
  begin
    select n.created_at, ${LISTED('n')} into new.created_at, new.listed
      from news n where n.id = new.news_id;
    return new;
  end $$`,
  `create trigger bylines_placed before insert on news_authors
    for each row execute function bylines_placed()`,
  `create function bylines_follow_news() returns trigger language plpgsql as $$
  begin
    update news_authors set created_at = new.created_at, listed = ${LISTED('new')}
      where news_id = new.id;
    return null;
  end $$`,
  `create trigger bylines_follow_news after update of status, draft, created_at on news
    for each row when (new.status is distinct from old.status or new.draft is distinct from old.draft
      or new.created_at is distinct from old.created_at)
    execute function bylines_follow_news()`,
  // Counts move once per statement over its transition tables: a row trigger's upsert of the
  // same few rows in one transaction follows a longer chain of their versions each time.
  ...Object.entries(COUNT_MOVES).flatMap(([event, { transitions, moved }]) => [
    `create function byline_counts_${event}() returns trigger language plpgsql as $$
    begin
      insert into byline_counts (staff_id, listed_count)
        select staff_id, sum(delta) from (${moved}) as moved
        group by staff_id having sum(delta) <> 0
        on conflict (staff_id) do update
          set listed_count = byline_counts.listed_count + excluded.listed_count;
      return null;
    end $$`,
    `create trigger byline_counts_${event} after ${event} on news_authors
      referencing ${transitions} for each statement execute function byline_counts_${event}()`,
  ]),
];

/**
 * 0023_byline_times (decision 134): a byline carries its article's publication time and whether
 * the article is listed (active, not a draft), kept by triggers whatever changes the article, and
 * `byline_counts` keeps each person's listed bylines. A person's page reads one range of
 * `(staff_id, listed, created_at desc, news_id desc)` and counts a figure less the few scheduled;
 * it sorted all of the person's articles, and the authors' sitemap read every byline.
 */
export const bylineTimesMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable('news_authors')
      .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable('news_authors')
      .addColumn('listed', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await sql
      .raw(
        `update news_authors set
          created_at = (select created_at from news where news.id = news_authors.news_id),
          listed = (select ${LISTED('news')} from news where news.id = news_authors.news_id)`,
      )
      .execute(db);
    await db.schema
      .createTable('byline_counts')
      .addColumn('staff_id', 'text', (c) => c.primaryKey())
      .addColumn('listed_count', 'integer', (c) => c.notNull())
      .execute();
    await sql`insert into byline_counts (staff_id, listed_count)
      select staff_id, sum(listed) from news_authors group by staff_id`.execute(db);
    await db.schema
      .createIndex('news_authors_listed_idx')
      .on('news_authors')
      .columns(['staff_id', 'listed', 'created_at desc', 'news_id desc'])
      .execute();
    // The new index starts with the person too: it serves what this one did.
    await db.schema.dropIndex('news_authors_staff_idx').execute();
    const triggers = dialectOf(db) === 'sqlite' ? SQLITE_TRIGGERS : POSTGRES_TRIGGERS;
    for (const statement of triggers) await sql.raw(statement).execute(db);
  },

  async down(db: AnyDb) {
    if (dialectOf(db) === 'sqlite') {
      for (const name of [
        'bylines_placed',
        'bylines_follow_news',
        'byline_counts_insert',
        'byline_counts_delete',
        'byline_counts_update',
      ]) {
        await sql.raw(`drop trigger ${name}`).execute(db);
      }
    } else {
      await sql`drop trigger bylines_follow_news on news`.execute(db);
      for (const name of ['bylines_placed', ...COUNT_EVENTS.map((e) => `byline_counts_${e}`)]) {
        await sql.raw(`drop trigger ${name} on news_authors`).execute(db);
      }
      for (const name of [
        'bylines_placed',
        'bylines_follow_news',
        ...COUNT_EVENTS.map((e) => `byline_counts_${e}`),
      ]) {
        await sql.raw(`drop function ${name}()`).execute(db);
      }
    }
    await db.schema
      .createIndex('news_authors_staff_idx')
      .on('news_authors')
      .columns(['staff_id', 'news_id'])
      .execute();
    await db.schema.dropIndex('news_authors_listed_idx').execute();
    await db.schema.dropTable('byline_counts').execute();
    await db.schema.alterTable('news_authors').dropColumn('listed').execute();
    await db.schema.alterTable('news_authors').dropColumn('created_at').execute();
  },
};
