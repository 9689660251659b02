import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { NewsCardData } from '../api/news-card.ts';
import { NewsCard } from './NewsCard.tsx';
import { useNearBottom } from './use-near-bottom.ts';

export const LOADING_ERROR = 'Loading Data Error';

export interface NewsListProps {
  /** Search results carry a snippet, shown in place of the opening words. */
  items: (NewsCardData & { snippet?: string })[];
  status: 'pending' | 'error' | 'success';
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => void;
  /** The category (or sub-category) shown, for the empty message. */
  emptyLabel?: string;
  /** Says what an empty list means, in place of the "no news yet" message. */
  emptyMessage?: string;
}

type ListItem = NewsListProps['items'][number];

/** The list's props from an infinite query of pages of items (home, categories, search). */
export function pagedListProps(
  query: UseInfiniteQueryResult<InfiniteData<{ items: ListItem[] }>>,
): Omit<NewsListProps, 'emptyLabel' | 'emptyMessage'> {
  return {
    items: query.data?.pages.flatMap((page) => page.items) ?? [],
    status: query.status,
    hasNextPage: query.hasNextPage,
    isFetchingNextPage: query.isFetchingNextPage,
    isFetchNextPageError: query.isFetchNextPageError,
    fetchNextPage: () => void query.fetchNextPage(),
  };
}

/** The first article large, the rest in a grid; the next page loads near the bottom. */
export function NewsList(props: NewsListProps) {
  const { items, status, hasNextPage, isFetchingNextPage, isFetchNextPageError } = props;
  const failed = status === 'error' || isFetchNextPageError;
  useNearBottom(props.fetchNextPage, hasNextPage && !isFetchingNextPage && !failed);

  const [first, ...rest] = items;
  return (
    <section aria-label="News" aria-busy={status === 'pending' || isFetchingNextPage}>
      {first && <NewsCard article={first} snippet={first.snippet} featured />}
      {rest.length > 0 && (
        <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {rest.map((article) => (
            <NewsCard key={article._id} article={article} snippet={article.snippet} />
          ))}
        </div>
      )}
      {status === 'success' && items.length === 0 && (
        <p className="rounded-xl border border-dashed border-slate-300 p-10 text-center text-slate-600">
          {props.emptyMessage ??
            (props.emptyLabel
              ? `There is no news in ${props.emptyLabel} yet.`
              : 'There is no news yet.')}
        </p>
      )}
      <div className="py-8 text-center text-sm text-slate-600" aria-live="polite">
        {failed && (
          <p role="alert" className="font-semibold text-red-700">
            {LOADING_ERROR}
          </p>
        )}
        {(status === 'pending' || isFetchingNextPage) && <p>Loading more news…</p>}
        {status === 'success' && !hasNextPage && items.length > 0 && <p>You are all caught up.</p>}
      </div>
    </section>
  );
}
