import { sql, type RawBuilder } from 'kysely';

/**
 * Whether the article in table alias `alias` is public at the instant `now` (ISO text, from the
 * injected clock, never the database's): active (status 1), not a draft, and published by then
 * (`created_at` is the publication time, decision 085). The one place a reader-facing query asks
 * this (on PostgreSQL, search asks it of news_search, which copies the columns it reads). Every
 * list index starts `(…, status, created_at desc)`, so this is one range of it.
 */
export function isPublicNews(alias: string, now: string): RawBuilder<boolean> {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  return sql<boolean>`(${column('status')} = 1 and ${column('draft')} = 0 and ${column('created_at')} <= ${now})`;
}

/**
 * Whether the article is counted as active by the maintained figures (decision 073) but not yet
 * public at `now`: scheduled for later. Few articles are, and they sit at the top of the
 * `(status, created_at)` index, so subtracting them from a figure reads a short range.
 */
export function isScheduledNews(alias: string, now: string): RawBuilder<boolean> {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  return sql<boolean>`(${column('status')} = 1 and ${column('draft')} = 0 and ${column('created_at')} > ${now})`;
}
