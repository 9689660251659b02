/**
 * The SQL that says how one news row counts towards the maintained figures of `news_counts`
 * (decision 073). The same text serves the SQLite row triggers, the PostgreSQL statement
 * triggers and the backfill of an existing database, so the three can never disagree.
 */

/** The filters of /u/get, in the order their names join into a scope: `category+publisher`. */
export const FILTER_DIMENSIONS = [
  ['category', 'category_id'],
  ['subcategory', 'sub_category_id'],
  ['publisher', 'publisher_id'],
  ['anchor', 'anchor_id'],
] as const;

export type FilterDimension = (typeof FILTER_DIMENSIONS)[number][0];

/** The scope of a combination of filters: `all` for none, else their names joined by `+`. */
export const scopeOf = (dimensions: readonly FilterDimension[]): string =>
  dimensions.length === 0 ? 'all' : dimensions.join('+');

/**
 * Every scope a news row counts in, with the SQL of its key: one per combination of the four
 * filters (16, `all` among them; the key is the row's ids joined by `/`, null where the row has
 * no value for one of them), and its month of publication (UTC), which names its sitemap file.
 */
const SCOPES: [scope: string, key: (row: string) => string][] = [
  ...Array.from({ length: 1 << FILTER_DIMENSIONS.length }, (_, mask) => {
    const chosen = FILTER_DIMENSIONS.filter((_, bit) => mask & (1 << bit));
    const key = (r: string) =>
      chosen.length === 0 ? `''` : chosen.map(([, column]) => `${r}.${column}`).join(` || '/' || `);
    return [scopeOf(chosen.map(([name]) => name)), key] as [string, (row: string) => string];
  }),
  ['month', (r) => `substr(${r}.created_at, 1, 7)`],
];

/**
 * What makes a row count as active, by schema version: up to migration 0007 its status alone;
 * from 0007 an active article that is not a draft. Scheduled articles count from the moment they
 * are written; reads subtract the few not yet published (decision 085).
 */
export const ACTIVE_ROW = {
  statusOnly: (r: string) => `${r}.status = 1`,
  notDraft: (r: string) => `${r}.status = 1 and ${r}.draft = 0`,
} as const;

export type ActiveRule = keyof typeof ACTIVE_ROW;

/** The rule of the schema as it is now. */
export const CURRENT_ACTIVE_RULE: ActiveRule = 'notDraft';

export interface Contribution {
  /** The row's alias: `new`, `old`, or a table alias. */
  row: string;
  /** What the row's table is, or null inside a SQLite row trigger (no FROM). */
  from: string | null;
  /** 1 adds the row to the figures, -1 takes it away. */
  sign: 1 | -1;
  /** Whether its views count: updates leave views to their own trigger on SQLite. */
  withViews: boolean;
  /** The text timestamp the touched scopes take as `changed_at`, or `null`. */
  changedAt: string;
  /** Which rule makes the row active. */
  rule: ActiveRule;
}

/** One SELECT per scope, glued by UNION ALL: (scope, key, active_count, all_count, views, changed_at). */
export function contributions(c: Contribution): string {
  const active = `case when ${ACTIVE_ROW[c.rule](c.row)} then ${c.sign} else 0 end`;
  const from = c.from ? ` from ${c.from} ${c.row}` : '';
  return SCOPES.map(([scope, key]) => {
    const views = c.withViews && scope === 'all' ? `${c.sign} * ${c.row}.views` : '0';
    return `select '${scope}' as scope, ${key(c.row)} as key, ${active} as active_count, ${c.sign} as all_count, ${views} as views, ${c.changedAt} as changed_at${from}`;
  }).join('\n  union all ');
}

/** The current time as the app writes timestamps (ISO 8601, UTC, milliseconds). */
export const NOW_SQL = {
  sqlite: `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
  postgres: `to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
};

/**
 * Adds summed contributions to the figures. Rows are grouped per scope and key, rows that change
 * nothing are dropped (a batch of view updates touches only the 'all' row), and keys are taken in
 * order, so concurrent writers lock the same rows in the same order and never deadlock.
 */
export function upsertFigures(dialect: 'sqlite' | 'postgres', parts: string[]): string {
  const changed =
    dialect === 'sqlite'
      ? // SQLite's two-argument max() is null when either is; PostgreSQL's greatest() skips nulls.
        'max(coalesce(news_counts.changed_at, excluded.changed_at), coalesce(excluded.changed_at, news_counts.changed_at))'
      : 'greatest(news_counts.changed_at, excluded.changed_at)';
  return `insert into news_counts (scope, key, active_count, all_count, views, changed_at)
select scope, key, sum(active_count), sum(all_count), sum(views), max(changed_at)
from (${parts.join('\n  union all ')}) as c
where key is not null
group by scope, key
having sum(active_count) <> 0 or sum(all_count) <> 0 or sum(views) <> 0 or max(changed_at) is not null
order by scope, key
on conflict (scope, key) do update set
  active_count = news_counts.active_count + excluded.active_count,
  all_count = news_counts.all_count + excluded.all_count,
  views = news_counts.views + excluded.views,
  changed_at = ${changed}`;
}
