import { SqliteAdapter, sql, type Kysely } from 'kysely';
import {
  CURRENT_ACTIVE_RULE,
  NOW_SQL,
  contributions,
  upsertFigures,
  type ActiveRule,
} from './news-figures-sql.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- used by a migration, against the schema as it was then */
type AnyDb = Kysely<any>;
/* eslint-enable @typescript-eslint/no-explicit-any */

/** Columns whose change moves an article between figures or changes its sitemap file. */
const countedColumns = (rule: ActiveRule) =>
  `status, ${rule === 'notDraft' ? 'draft, ' : ''}category_id, sub_category_id, publisher_id, anchor_id, created_at`;

export const dialectOf = (db: AnyDb): 'sqlite' | 'postgres' =>
  db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres';

/** SQLite: row triggers. Views have their own, so a view batch touches one row of figures. */
async function sqliteTriggers(db: AnyDb, rule: ActiveRule) {
  const updatedAt = 'new.updated_at';
  const statements = [
    `create trigger news_figures_insert after insert on news begin
      ${upsertFigures('sqlite', [contributions({ row: 'new', from: null, sign: 1, withViews: true, changedAt: updatedAt, rule })])};
    end`,
    `create trigger news_figures_delete after delete on news begin
      ${upsertFigures('sqlite', [contributions({ row: 'old', from: null, sign: -1, withViews: true, changedAt: NOW_SQL.sqlite, rule })])};
    end`,
    `create trigger news_figures_update after update of ${countedColumns(rule)}, updated_at on news begin
      ${upsertFigures('sqlite', [
        contributions({
          row: 'old',
          from: null,
          sign: -1,
          withViews: false,
          changedAt: updatedAt,
          rule,
        }),
        contributions({
          row: 'new',
          from: null,
          sign: 1,
          withViews: false,
          changedAt: updatedAt,
          rule,
        }),
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
 * PostgreSQL: the bodies of the statement triggers over transition tables, so a bulk insert or a
 * batch of view updates costs one aggregated upsert, not one per row.
 */
function postgresBodies(rule: ActiveRule): Record<'insert' | 'delete' | 'update', string> {
  // An update touches `changed_at` only where more than views changed: a view batch does not.
  const columns = countedColumns(rule).split(', ');
  const touched = `case when (n.${columns.join(', n.')}, n.updated_at)
      is distinct from (o.${columns.join(', o.')}, o.updated_at) then n.updated_at end`;
  // The rows before and after, each joined once: every scope reads these two, where a join of
  // the transition tables in each scope's branch cost every connection's first update 15 to
  // 19 ms to plan (decision 125).
  const updated = (side: 'o' | 'n') =>
    `${side === 'o' ? 'old' : 'new'}_touched as materialized (select ${side}.*, ${touched} as touched
      from old_rows o join new_rows n on n.id = o.id)`;
  return {
    insert: upsertFigures('postgres', [
      contributions({
        row: 'n',
        from: 'new_rows',
        sign: 1,
        withViews: true,
        changedAt: 'n.updated_at',
        rule,
      }),
    ]),
    delete: upsertFigures('postgres', [
      contributions({
        row: 'o',
        from: 'old_rows',
        sign: -1,
        withViews: true,
        changedAt: NOW_SQL.postgres,
        rule,
      }),
    ]),
    update: `with ${updated('o')}, ${updated('n')}
      ${upsertFigures('postgres', [
        contributions({
          row: 'o',
          from: 'old_touched',
          sign: -1,
          withViews: true,
          changedAt: 'o.touched',
          rule,
        }),
        contributions({
          row: 'n',
          from: 'new_touched',
          sign: 1,
          withViews: true,
          changedAt: 'n.touched',
          rule,
        }),
      ])}`,
  };
}

/** Writes (or rewrites) the PostgreSQL triggers' functions, by the rule of the schema's version. */
export async function writePostgresFigureFunctions(db: AnyDb, rule: ActiveRule) {
  for (const [event, body] of Object.entries(postgresBodies(rule))) {
    await sql
      .raw(
        `create or replace function news_figures_${event}() returns trigger language plpgsql as $$
        begin
          ${body};
          return null;
        end $$`,
      )
      .execute(db);
  }
}

/** PostgreSQL: the statement triggers and their functions. */
async function postgresTriggers(db: AnyDb, rule: ActiveRule) {
  await writePostgresFigureFunctions(db, rule);
  const transitions: Record<string, string> = {
    insert: 'new table as new_rows',
    delete: 'old table as old_rows',
    update: 'old table as old_rows new table as new_rows',
  };
  for (const [event, transition] of Object.entries(transitions)) {
    await sql
      .raw(
        `create trigger news_figures_${event} after ${event} on news
        referencing ${transition} for each statement execute function news_figures_${event}()`,
      )
      .execute(db);
  }
}

/** Trigger events and their names, for dropping them again. */
const EVENTS = ['insert', 'delete', 'update', 'views'];

/** Adds the triggers that keep `news_counts` exact (by the rule of the schema's version). */
export async function createFigureTriggers(db: AnyDb, rule: ActiveRule = CURRENT_ACTIVE_RULE) {
  if (dialectOf(db) === 'sqlite') await sqliteTriggers(db, rule);
  else await postgresTriggers(db, rule);
}

/** Removes them: for undoing the migration, and for a bulk load followed by a backfill. */
export async function dropFigureTriggers(db: AnyDb) {
  const postgres = dialectOf(db) === 'postgres';
  for (const event of EVENTS) {
    await sql
      .raw(`drop trigger if exists news_figures_${event}${postgres ? ' on news' : ''}`)
      .execute(db);
    if (postgres) await sql.raw(`drop function if exists news_figures_${event}()`).execute(db);
  }
}

/**
 * Recomputes every figure from the rows in one grouped pass. Each of the 17 scopes reads every
 * row, so the rows are first read once into the columns the figures need: scanning the whole
 * table (rich text and all) once per scope took a minute at a million articles on SQLite.
 */
export async function backfillFigures(db: AnyDb, rule: ActiveRule = CURRENT_ACTIVE_RULE) {
  await sql`delete from news_counts`.execute(db);
  await sql`insert into news_counts (scope, key) values ('all', '')`.execute(db);
  const fromRows = contributions({
    row: 'r',
    from: 'counted_rows',
    sign: 1,
    withViews: true,
    changedAt: 'r.updated_at',
    rule,
  });
  const rows = `with counted_rows as materialized (
    select ${countedColumns(rule)}, views, updated_at from news)\n`;
  await sql.raw(rows + upsertFigures(dialectOf(db), [fromRows])).execute(db);
}
