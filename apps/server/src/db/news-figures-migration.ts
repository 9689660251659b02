import { SqliteAdapter, sql, type Kysely, type Migration } from 'kysely';
import { NOW_SQL, contributions, upsertFigures } from './news-figures-sql.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not as it is typed now */
type AnyDb = Kysely<any>;
/* eslint-enable @typescript-eslint/no-explicit-any */

/** Columns whose change moves an article between figures or changes its sitemap file. */
const COUNTED_COLUMNS = 'status, category_id, sub_category_id, publisher_id, anchor_id, created_at';

const dialectOf = (db: AnyDb): 'sqlite' | 'postgres' =>
  db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres';

/** The per-filter indexes of migration 0001, replaced by ones that also order by id. */
const FILTER_INDEXES: [column: string, old: string, replacement: string][] = [
  ['category_id', 'news_category_created_idx', 'news_category_status_created_idx'],
  ['sub_category_id', 'news_subcategory_created_idx', 'news_subcategory_status_created_idx'],
  ['publisher_id', 'news_publisher_created_idx', 'news_publisher_status_created_idx'],
  ['anchor_id', 'news_anchor_created_idx', 'news_anchor_status_created_idx'],
];

/** SQLite: row triggers. Views have their own, so a view batch touches one row of figures. */
async function sqliteTriggers(db: AnyDb) {
  const updatedAt = 'new.updated_at';
  const statements = [
    `create trigger news_figures_insert after insert on news begin
      ${upsertFigures('sqlite', [contributions({ row: 'new', from: null, sign: 1, withViews: true, changedAt: updatedAt })])};
    end`,
    `create trigger news_figures_delete after delete on news begin
      ${upsertFigures('sqlite', [contributions({ row: 'old', from: null, sign: -1, withViews: true, changedAt: NOW_SQL.sqlite })])};
    end`,
    `create trigger news_figures_update after update of ${COUNTED_COLUMNS}, updated_at on news begin
      ${upsertFigures('sqlite', [
        contributions({ row: 'old', from: null, sign: -1, withViews: false, changedAt: updatedAt }),
        contributions({ row: 'new', from: null, sign: 1, withViews: false, changedAt: updatedAt }),
      ])};
    end`,
    `create trigger news_figures_views after update of views on news
      when new.views is not old.views begin
      update news_counts set views = views + new.views - old.views where scope = 'all' and key = '';
    end`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/**
 * PostgreSQL: statement triggers over transition tables, so a bulk insert or a batch of view
 * updates costs one aggregated upsert, not one per row.
 */
async function postgresTriggers(db: AnyDb) {
  // An update touches `changed_at` only where more than views changed: a view batch does not.
  const touched = `case when (n.${COUNTED_COLUMNS.split(', ').join(', n.')}, n.updated_at)
      is distinct from (o.${COUNTED_COLUMNS.split(', ').join(', o.')}, o.updated_at) then n.updated_at end`;
  const updated = (side: 'o' | 'n') =>
    `(select ${side}.*, ${touched} as touched from old_rows o join new_rows n on n.id = o.id)`;
  const bodies: Record<string, string> = {
    insert: upsertFigures('postgres', [
      contributions({
        row: 'n',
        from: 'new_rows',
        sign: 1,
        withViews: true,
        changedAt: 'n.updated_at',
      }),
    ]),
    delete: upsertFigures('postgres', [
      contributions({
        row: 'o',
        from: 'old_rows',
        sign: -1,
        withViews: true,
        changedAt: NOW_SQL.postgres,
      }),
    ]),
    update: upsertFigures('postgres', [
      contributions({
        row: 'o',
        from: updated('o'),
        sign: -1,
        withViews: true,
        changedAt: 'o.touched',
      }),
      contributions({
        row: 'n',
        from: updated('n'),
        sign: 1,
        withViews: true,
        changedAt: 'n.touched',
      }),
    ]),
  };
  const transitions: Record<string, string> = {
    insert: 'new table as new_rows',
    delete: 'old table as old_rows',
    update: 'old table as old_rows new table as new_rows',
  };
  for (const [event, body] of Object.entries(bodies)) {
    await sql
      .raw(
        `create function news_figures_${event}() returns trigger language plpgsql as $$
        begin
          ${body};
          return null;
        end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger news_figures_${event} after ${event} on news
        referencing ${transitions[event]} for each statement execute function news_figures_${event}()`,
      )
      .execute(db);
  }
}

/**
 * Maintained figures of the news table (decision 073): counts per scope kept exact by database
 * triggers whatever writes the rows, backfilled from the rows that exist; and indexes that serve
 * every list newest first per filter, so no read of the reader path or the admin scans the table.
 */
export const newsFigures: Migration = {
  async up(db: AnyDb) {
    const dialect = dialectOf(db);
    await db.schema
      .createTable('news_counts')
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('active_count', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('all_count', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('views', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('changed_at', 'text')
      .addPrimaryKeyConstraint('news_counts_pk', ['scope', 'key'])
      .execute();
    await sql`insert into news_counts (scope, key) values ('all', '')`.execute(db);
    await sql
      .raw(
        upsertFigures(dialect, [
          contributions({
            row: 'r',
            from: 'news',
            sign: 1,
            withViews: true,
            changedAt: 'r.updated_at',
          }),
        ]),
      )
      .execute(db);
    if (dialect === 'sqlite') await sqliteTriggers(db);
    else await postgresTriggers(db);

    // Newest first per filter, with the id as the tie-break the lists order by.
    for (const [column, old, replacement] of FILTER_INDEXES) {
      await db.schema.dropIndex(old).execute();
      await db.schema
        .createIndex(replacement)
        .on('news')
        .columns([column, 'status', 'created_at desc', 'id desc'])
        .execute();
    }
  },

  /** Back to 0002: the old indexes, no figures, no triggers. */
  async down(db: AnyDb) {
    const postgres = dialectOf(db) === 'postgres';
    for (const event of ['insert', 'delete', 'update', 'views']) {
      await sql
        .raw(`drop trigger if exists news_figures_${event}${postgres ? ' on news' : ''}`)
        .execute(db);
      if (postgres) await sql.raw(`drop function if exists news_figures_${event}()`).execute(db);
    }
    await db.schema.dropTable('news_counts').execute();
    for (const [column, old, replacement] of FILTER_INDEXES) {
      await db.schema.dropIndex(replacement).execute();
      await db.schema
        .createIndex(old)
        .on('news')
        .columns([column, 'status', 'created_at desc'])
        .execute();
    }
  },
};
