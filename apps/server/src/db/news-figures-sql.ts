/**
 * The SQL that says how one news row counts towards the maintained figures of `news_counts`
 * (decision 073). The same text serves the SQLite row triggers, the PostgreSQL statement
 * triggers and the backfill of an existing database, so the three can never disagree.
 */

/** Every scope a news row counts in; `key` is null where the row has no value for the scope. */
const SCOPES: [scope: string, key: (row: string) => string][] = [
  ['all', () => `''`],
  ['category', (r) => `${r}.category_id`],
  ['subcategory', (r) => `${r}.sub_category_id`],
  ['publisher', (r) => `${r}.publisher_id`],
  ['anchor', (r) => `${r}.anchor_id`],
  // The reader site's category + sub-category list; null when the row has no sub-category.
  ['category_subcategory', (r) => `${r}.category_id || '/' || ${r}.sub_category_id`],
  // The month of publication (UTC), which names the article's sitemap file.
  ['month', (r) => `substr(${r}.created_at, 1, 7)`],
];

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
}

/** One SELECT per scope, glued by UNION ALL: (scope, key, active_count, all_count, views, changed_at). */
export function contributions(c: Contribution): string {
  const active = `case when ${c.row}.status = 1 then ${c.sign} else 0 end`;
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
