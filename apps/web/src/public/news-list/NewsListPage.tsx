import { useNewsList, type NewsFilter } from '../api/news-list.ts';
import { NewsList, pagedListProps } from './NewsList.tsx';

/** `/` and `/{category}/{subcategory?}`: the server resolved the filter from the path. */
export function NewsListPage({ filter }: { filter: NewsFilter }) {
  const query = useNewsList(filter);
  const heading = filter.subcategory ?? filter.category ?? 'Latest News';
  return (
    <>
      <div className="mb-5 flex items-baseline gap-3">
        <h1 className="text-2xl font-black tracking-tight text-slate-900 sm:text-3xl">{heading}</h1>
        {filter.subcategory && <p className="text-sm text-slate-600">in {filter.category}</p>}
      </div>
      <NewsList {...pagedListProps(query)} emptyLabel={filter.category ? heading : undefined} />
    </>
  );
}
