import { SqliteAdapter, sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from './schema.ts';

/**
 * Whether the article in table alias `alias` is public at the instant `now` (ISO text, from the
 * injected clock, never the database's): active (status 1), not a draft, and published by then
 * (`created_at` is the publication time, decision 085). The one place a reader-facing query asks
 * this (on PostgreSQL, search asks it of news_search, which copies the columns it reads). Every
 * list index starts `(…, status, created_at desc)`, so this is one range of it; a query narrowed
 * to one section or person asks `narrowedNewsVisibility` instead (decision 127).
 */
export function isPublicNews(alias: string, now: string): RawBuilder<boolean> {
  return activeAt(alias, '<=', now, true);
}

/** Active, not a draft, and published by `now` (`<=`) or after it (`>`). */
function activeAt(
  alias: string,
  compare: '<=' | '>',
  now: string,
  draftIndexed: boolean,
): RawBuilder<boolean> {
  const createdAt = sql.ref(`${alias}.created_at`);
  return sql<boolean>`(${activeNotDraft(alias, draftIndexed)} and ${createdAt} ${sql.raw(compare)} ${now})`;
}

/** Active and not a draft: what public and scheduled articles share, written once. */
function activeNotDraft(alias: string, draftIndexed: boolean) {
  const draft = sql.ref(`${alias}.draft`);
  return sql`${sql.ref(`${alias}.status`)} = 1 and ${draftIndexed ? draft : sql`+${draft}`} = 0`;
}

/**
 * `isPublicNews` and `isScheduledNews` for the queries that narrow the news to one section,
 * publisher, anchor or author, each of which has an index of its own starting `(…, status,
 * created_at desc)`. On SQLite their draft term is written `+draft`, which no index can serve.
 * Without statistics SQLite took the desk's `(draft, created_at desc)` index (migrations/desk.ts)
 * for the better range and walked every public article newest first, keeping those of the list:
 * for a person with few articles, the whole archive (decision 127). PostgreSQL plans by its
 * statistics and keeps the plain term: a `+draft` would hide the column's statistics from it.
 */
export function narrowedNewsVisibility(db: Kysely<Database>) {
  const draftIndexed = !(db.getExecutor().adapter instanceof SqliteAdapter);
  return {
    isPublic: (alias: string, now: string) => activeAt(alias, '<=', now, draftIndexed),
    isScheduled: (alias: string, now: string) => activeAt(alias, '>', now, draftIndexed),
  };
}

/**
 * `isPublicNews` for the articles published in [`from`, `to`) (ISO text, or its prefix such as a
 * month `2024-05`), with one upper bound on `created_at`: the earlier of `to` and `now`. SQLite
 * ranges an index by one upper bound and filters by the other. Given both, it kept `<= now`, so
 * for a month before the archive began it walked the index up to now to find nothing. At a million
 * articles that took 160 ms of the main thread per request.
 */
export function isPublicNewsPublishedIn(
  alias: string,
  now: string,
  from: string,
  to: string,
): RawBuilder<boolean> {
  const createdAt = sql.ref(`${alias}.created_at`);
  const before = to <= now ? sql`${createdAt} < ${to}` : sql`${createdAt} <= ${now}`;
  return sql<boolean>`(${activeNotDraft(alias, true)} and ${createdAt} >= ${from} and ${before})`;
}

/**
 * Whether the article is counted as active by the maintained figures (decision 073) but not yet
 * public at `now`: scheduled for later. Few articles are, and they sit at the top of the
 * `(status, created_at)` index, so subtracting them from a figure reads a short range.
 */
export function isScheduledNews(alias: string, now: string): RawBuilder<boolean> {
  return activeAt(alias, '>', now, true);
}
