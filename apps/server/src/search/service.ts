import { PostgresAdapter, type Kysely } from 'kysely';
import type { SearchHitDto, SearchQuery } from '@newsroom/contract';
import type { Database } from '../db/schema.ts';
import type { Clock } from '../domain/clock.ts';
import { NewsRepository, toNewsDto, type NewsRowWithNames } from '../news/repo.ts';
import type { MediaStorage } from '../storage/storage.ts';
import { PostgresSearchIndex } from './postgres-index.ts';
import type { SearchIndex, SearchMatch } from './search-index.ts';
import { hasMark, snippetHtml } from './snippet.ts';
import { SqliteSearchIndex } from './sqlite-index.ts';
import { queryWords } from './words.ts';

export interface SearchPage {
  data: SearchHitDto[];
  count: number;
}

/** The database's own full-text search behind one interface. */
function indexFor(db: Kysely<Database>, clock: Clock): SearchIndex {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? new PostgresSearchIndex(db, clock)
    : new SqliteSearchIndex(db, clock);
}

/** The excerpt that shows why an article matched: the body's, else the summary's. */
function chosenSnippet(match: SearchMatch): string {
  if (hasMark(match.bodySnippet) || !hasMark(match.metaSnippet)) return match.bodySnippet;
  return match.metaSnippet;
}

/** Search of public articles for the reader site: words in, ranked articles with snippets out. */
export class SearchService {
  private readonly index: SearchIndex;
  private readonly news: NewsRepository;

  constructor(
    db: Kysely<Database>,
    private readonly storage: MediaStorage,
    clock: Clock,
  ) {
    this.index = indexFor(db, clock);
    this.news = new NewsRepository(db, clock);
  }

  async search(query: SearchQuery): Promise<SearchPage> {
    const words = queryWords(query.q);
    // Only stop words or punctuation: nothing a reader could mean was found.
    if (words.length === 0) return { data: [], count: 0 };
    const offset = (query.page - 1) * query.limit;
    const { matches, count } = await this.index.search(words, query.limit, offset);
    const rows = new Map<string, NewsRowWithNames>(
      (await this.news.findByIds(matches.map((match) => match.id))).map((row) => [row.id, row]),
    );
    const data = matches.flatMap((match) => {
      const row = rows.get(match.id);
      // Deleted between the two reads: left out rather than failed.
      if (!row) return [];
      const dto = toNewsDto(row, (key) => this.storage.url(key));
      return [{ ...dto, snippet: snippetHtml(chosenSnippet(match)) }];
    });
    return { data, count };
  }
}
