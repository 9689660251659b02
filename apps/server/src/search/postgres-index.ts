import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema.ts';
import { isPublicNews } from '../news/visibility.ts';
import { MARK_END, MARK_START } from './snippet.ts';
import {
  MAX_SEARCH_HITS,
  SNIPPET_WORDS,
  type SearchIndex,
  type SearchResult,
} from './search-index.ts';

/**
 * ts_rank_cd weights of the labels {D, C, B, A}: title A, meta description and tags B, body C.
 * A body word counts a twentieth of a title word, so title matches rank first.
 */
const WEIGHTS = sql`'{0.05, 0.05, 0.4, 1.0}'::float4[]`;

const HEADLINE_OPTIONS =
  `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=${SNIPPET_WORDS}, ` +
  `MinWords=${Math.round(SNIPPET_WORDS / 2)}, ShortWord=2, MaxFragments=1, FragmentDelimiter=" … "`;

/** PostgreSQL: news_search.document (english stemming, GIN index), kept by a trigger on news. */
export class PostgresSearchIndex implements SearchIndex {
  constructor(private readonly db: Kysely<Database>) {}

  async search(words: string[], limit: number, offset: number): Promise<SearchResult> {
    // Words are plain letters and digits (words.ts); plainto_tsquery ANDs them and stems them.
    const query = sql`plainto_tsquery('english', ${words.join(' ')})`;
    // The newest matches, found through the GIN index. Only these are ranked, in the next step,
    // so ts_rank_cd never runs over every match of a common word.
    const candidates = sql`
      select n.id, n.created_at
      from news_search s join news n on n.id = s.news_id
      where s.document @@ ${query} and ${isPublicNews('n')}
      order by n.created_at desc, n.id desc
      limit ${MAX_SEARCH_HITS}`;
    const page = await sql<{ id: string; body: string; meta: string; count: number }>`
      with candidates as materialized (${candidates}),
      page as (
        select c.id, c.created_at, ts_rank_cd(${WEIGHTS}, s.document, q.query) as rank, q.query
        from candidates c join news_search s on s.news_id = c.id, ${query} as q(query)
        order by rank desc, c.created_at desc, c.id desc
        limit ${limit} offset ${offset}
      )
      select n.id,
        ts_headline('english', n.body_text, page.query, ${HEADLINE_OPTIONS}) as body,
        ts_headline('english', n.meta_description, page.query, ${HEADLINE_OPTIONS}) as meta,
        (select count(*) from candidates) as count
      from page join news n on n.id = page.id
      order by page.rank desc, page.created_at desc, page.id desc`.execute(this.db);
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
