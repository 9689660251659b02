import { SEARCH_MAX_HITS } from '@newsroom/contract';
import { searchQueryProblem, useSearch } from '../api/search.ts';
import { NewsList, pagedListProps } from '../news-list/NewsList.tsx';

function Summary({ count }: { count: number }) {
  if (count === 0) return null;
  const text =
    count >= SEARCH_MAX_HITS
      ? `The ${SEARCH_MAX_HITS.toLocaleString('en-US')} most recent matching articles`
      : `${count} ${count === 1 ? 'article' : 'articles'}`;
  return <p className="text-sm text-slate-600">{text}</p>;
}

/** /search?q=…: articles matching the words, best first, more as the reader scrolls. */
export function SearchPage({ q }: { q: string }) {
  const problem = searchQueryProblem(q);
  const query = useSearch(q);
  const words = q.trim();
  return (
    <>
      <div className="mb-5 flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h1 className="text-2xl font-black tracking-tight text-slate-900 sm:text-3xl">
          {problem ? 'Search' : `Results for “${words}”`}
        </h1>
        {!problem && <Summary count={query.data?.pages[0]?.count ?? 0} />}
      </div>
      {problem ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-10 text-center text-slate-600">
          {problem}.
        </p>
      ) : (
        <NewsList
          {...pagedListProps(query)}
          emptyMessage={`No articles match “${words}”. Try fewer or other words.`}
        />
      )}
    </>
  );
}
