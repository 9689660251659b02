import { sql, type RawBuilder } from 'kysely';

/**
 * Whether the article in table alias `alias` is public: active (status 1). The one place a
 * reader-facing query asks this, so a later rule (a publication time, say) is added here once
 * (on PostgreSQL, search asks it of news_search, which copies the columns it reads).
 */
export function isPublicNews(alias: string): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(`${alias}.status`)} = 1`;
}
