import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema.ts';
import { isoNow, type Clock } from '../domain/clock.ts';
import { isPublicNews } from '../db/news-visibility.ts';
import { MARK_END, MARK_START } from './snippet.ts';
import {
  MAX_SEARCH_HITS,
  SNIPPET_WORDS,
  type SearchIndex,
  type SearchResult,
} from './search-index.ts';

/** Any of the words under a weight label: A is the title, B the meta description and tags. */
const anyWordIn = (words: string[], label: 'A' | 'B') =>
  sql`to_tsquery('english', ${words.map((word) => `${word}:${label}`).join(' | ')})`;

const HEADLINE_OPTIONS =
  `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=${SNIPPET_WORDS}, ` +
  `MinWords=${Math.round(SNIPPET_WORDS / 2)}, ShortWord=2, MaxFragments=1, FragmentDelimiter=" … "`;

/** PostgreSQL: news_search.document (english stemming, GIN index), kept by a trigger on news. */
export class PostgresSearchIndex implements SearchIndex {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  async search(words: string[], limit: number, offset: number): Promise<SearchResult> {
    // Words are plain letters and digits (words.ts); plainto_tsquery ANDs them and stems them.
    const query = sql`plainto_tsquery('english', ${words.join(' ')})`;
    // The newest public matches, from news_search alone (it holds copies of status, draft and
    // created_at). The planner picks by news_search's statistics of the document's words: a word
    // of many articles walks news_search_public_idx newest first and stops at the thousandth
    // match; a rare one bitmap-scans the GIN index, then top-N sorts the few matches. Only these
    // are ranked, in the next step: by where a word matched, then newest first, as on SQLite.
    const candidates = sql`
      select s.ctid as tid, s.news_id as id, s.created_at
      from news_search s
      where s.document @@ ${query} and ${isPublicNews('s', isoNow(this.clock))}
      order by s.created_at desc, s.news_id desc
      limit ${MAX_SEARCH_HITS}`;
    // Each candidate goes back to its row by its place in the table (ctid: one statement, one
    // snapshot, so the same row version), a page the first step has just read; by the primary
    // key of random ids it cost an index descent to a cold page per candidate (8–20 ms of 1,000).
    // The lateral subquery, fenced by `offset 0`, keeps that one fetch per candidate: joined
    // plainly, a table of some ten thousand rows was hashed whole instead (50 ms at 20,000).
    const page = await sql<{ id: string; body: string; meta: string; count: number }>`
      with candidates as materialized (${candidates}),
      page as (
        select c.id, c.created_at, ${query} as query,
          s.document @@ ${anyWordIn(words, 'A')} as in_title,
          s.document @@ ${anyWordIn(words, 'B')} as in_summary
        from candidates c
        cross join lateral (
          select found.document from news_search found where found.ctid = c.tid offset 0
        ) s
        order by in_title desc, in_summary desc, c.created_at desc, c.id desc
        limit ${limit} offset ${offset}
      )
      select n.id,
        ts_headline('english', n.body_text, page.query, ${HEADLINE_OPTIONS}) as body,
        ts_headline('english', n.meta_description, page.query, ${HEADLINE_OPTIONS}) as meta,
        (select count(*) from candidates) as count
      from page join news n on n.id = page.id
      order by page.in_title desc, page.in_summary desc, page.created_at desc, page.id desc`.execute(
      this.db,
    );
    const count = page.rows[0]?.count ?? (offset > 0 ? await this.count(candidates) : 0);
    const matches = page.rows.map((row) => ({
      id: row.id,
      bodySnippet: row.body,
      metaSnippet: row.meta,
    }));
    return { matches, count: Number(count) };
  }

  /** The number of candidates, for a page past the last one. */
  private async count(candidates: RawBuilder<unknown>): Promise<number> {
    const result = await sql<{ count: number }>`
      select count(*) as count from (${candidates}) c`.execute(this.db);
    return Number(result.rows[0]?.count ?? 0);
  }
}
