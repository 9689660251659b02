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

/** Whether a column (0 title, 1 meta description, 2 tags) holds a matched word of this row. */
const matchedIn = (column: number) =>
  sql`instr(highlight(news_fts, ${sql.lit(column)}, ${MARK_START}, ${MARK_END}), ${MARK_START}) > 0`;

/** Each word as an FTS5 string, ANDed: quoting makes every word a term, never an operator. */
function matchExpression(words: string[]): string {
  return words.map((word) => `"${word.replaceAll('"', '""')}"`).join(' ');
}

/** SQLite: the FTS5 table news_fts (porter stemming) over the news rows, kept by triggers. */
export class SqliteSearchIndex implements SearchIndex {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  async search(words: string[], limit: number, offset: number): Promise<SearchResult> {
    const match = matchExpression(words);
    // The newest matches first (FTS5 walks rowids, which grow with every insert, backwards and
    // stops early). Only these are ranked: by where a word matched, then newest first.
    // highlight() looks at the short columns of one row; bm25() would first count every match
    // of each word in the whole index, which is what makes it slow for common words. CROSS JOIN
    // keeps the full-text match the outer loop: with the publication-time condition the planner
    // would otherwise walk news by date and test the match row by row.
    const candidates = sql`
      select n.id, news_fts.rowid as rowid, n.created_at,
        ${matchedIn(0)} as in_title, (${matchedIn(1)} or ${matchedIn(2)}) as in_summary
      from news_fts cross join news n on n.rowid = news_fts.rowid
      where news_fts match ${match} and ${isPublicNews('n', isoNow(this.clock))}
      order by news_fts.rowid desc
      limit ${MAX_SEARCH_HITS}`;
    const page = await sql<{ id: string; rowid: number; count: number }>`
      with candidates as materialized (${candidates})
      select id, rowid, (select count(*) from candidates) as count from candidates
      order by in_title desc, in_summary desc, created_at desc, id desc
      limit ${limit} offset ${offset}`.execute(this.db);
    const count = page.rows[0]?.count ?? (offset > 0 ? await this.count(candidates) : 0);
    if (page.rows.length === 0) return { matches: [], count };

    // Snippets only for the rows of this page: each one re-reads and re-tokenises its text.
    const rowids = page.rows.map((row) => row.rowid);
    const snippet = (column: number) =>
      sql<string>`snippet(news_fts, ${sql.lit(column)}, ${MARK_START}, ${MARK_END}, '…', ${sql.lit(SNIPPET_WORDS)})`;
    const snippets = await sql<{ rowid: number; body: string; meta: string }>`
      select rowid, ${snippet(3)} as body, ${snippet(1)} as meta
      from news_fts
      where news_fts match ${match} and rowid in (${sql.join(rowids)})`.execute(this.db);
    const byRowid = new Map(snippets.rows.map((row) => [row.rowid, row]));
    const matches = page.rows.map((row) => ({
      id: row.id,
      bodySnippet: byRowid.get(row.rowid)?.body ?? '',
      metaSnippet: byRowid.get(row.rowid)?.meta ?? '',
    }));
    return { matches, count };
  }

  /** The number of candidates, for a page past the last one. */
  private async count(candidates: RawBuilder<unknown>): Promise<number> {
    const result = await sql<{ count: number }>`
      select count(*) as count from (${candidates})`.execute(this.db);
    return Number(result.rows[0]?.count ?? 0);
  }
}
