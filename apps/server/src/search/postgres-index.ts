import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { isPublicNews } from '../news/visibility.ts';
import { MARK_END, MARK_START } from './snippet.ts';
import { SNIPPET_WORDS, type SearchIndex, type SearchResult } from './search-index.ts';

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
    const [page, counted] = await Promise.all([
      sql<{ id: string; body: string; meta: string }>`
        with page as (
          select n.id, ts_rank_cd(${WEIGHTS}, s.document, q.query) as rank, n.created_at, q.query
          from news_search s join news n on n.id = s.news_id, ${query} as q(query)
          where s.document @@ q.query and ${isPublicNews('n')}
          order by rank desc, n.created_at desc, n.id desc
          limit ${limit} offset ${offset}
        )
        select n.id,
          ts_headline('english', n.body_text, page.query, ${HEADLINE_OPTIONS}) as body,
          ts_headline('english', n.meta_description, page.query, ${HEADLINE_OPTIONS}) as meta
        from page join news n on n.id = page.id
        order by page.rank desc, page.created_at desc, page.id desc`.execute(this.db),
      sql<{ count: number }>`
        select count(*) as count
        from news_search s join news n on n.id = s.news_id
        where s.document @@ ${query} and ${isPublicNews('n')}`.execute(this.db),
    ]);
    const matches = page.rows.map((row) => ({
      id: row.id,
      bodySnippet: row.body,
      metaSnippet: row.meta,
    }));
    return { matches, count: Number(counted.rows[0]?.count ?? 0) };
  }
}
