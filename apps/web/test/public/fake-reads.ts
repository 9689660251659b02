import {
  resolveSection,
  type AuthorDto,
  type CategoryDto,
  type CorrectionListItem,
  type LivePage,
  type NewsDto,
  type PublicReads,
  type ReadPage,
  type SearchHitDto,
} from '@newsroom/contract';

interface FakeData {
  categories?: CategoryDto[];
  /** What `newsPage` answers, whatever the filter; `count` defaults to its length. */
  news?: NewsDto[];
  count?: number;
  /** The articles `article` finds by slug. */
  articles?: NewsDto[];
  hits?: SearchHitDto[];
  /** The people `author` finds by slug; their articles are `news`. */
  authors?: AuthorDto[];
  /** What `corrections` pages through (decision 112). */
  corrections?: CorrectionListItem[];
  /** The live pages `live` finds by slug (decision 115), whatever the cursor. */
  live?: Record<string, LivePage>;
}

/** The reads a page host passes the renderer, as plain functions over `data`; it notes each call. */
export function fakeReads(data: FakeData = {}): PublicReads & { calls: string[] } {
  const calls: string[] = [];
  const page = <T>(items: T[] = []): ReadPage<T> => ({
    data: items,
    count: data.count ?? items.length,
  });
  return {
    calls,
    categories: async () => {
      calls.push('categories');
      return data.categories ?? [];
    },
    section: async (categorySegment, subcategorySegment) => {
      calls.push(`section ${categorySegment}${subcategorySegment ? `/${subcategorySegment}` : ''}`);
      return resolveSection(data.categories ?? [], categorySegment, subcategorySegment);
    },
    newsPage: async (query) => {
      calls.push(`newsPage ${JSON.stringify(query)}`);
      return page(data.news);
    },
    article: async (slug) => {
      calls.push(`article ${slug}`);
      return data.articles?.find((article) => article.slug === slug) ?? null;
    },
    author: async (query) => {
      calls.push(`author ${JSON.stringify(query)}`);
      const author = data.authors?.find((person) => person.slug === query.slug);
      if (!author) return null;
      const { data: news, count } = page(data.news);
      return { author, news, count };
    },
    corrections: async (query) => {
      calls.push(`corrections ${JSON.stringify(query)}`);
      const all = data.corrections ?? [];
      const from = (query.page - 1) * query.limit;
      return { data: all.slice(from, from + query.limit), count: all.length };
    },
    live: async (query) => {
      calls.push(`live ${JSON.stringify(query)}`);
      return data.live?.[query.slug] ?? null;
    },
    search: async (query) => {
      calls.push(`search ${JSON.stringify(query)}`);
      return page(data.hits);
    },
  };
}
