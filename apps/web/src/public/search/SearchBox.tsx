import { useId } from 'react';
import { LIMITS } from '@newsroom/contract';
import { paths } from '../../lib/paths.ts';
import { useSearchWords } from '../pathname.ts';

interface SearchBoxProps {
  className?: string;
}

/**
 * The search form of the header and the drawer: a plain GET form to /search, which the server
 * answers with the results already rendered (public pages have no client router). On the
 * results page the box shows the words searched for.
 */
export function SearchBox({ className = '' }: SearchBoxProps) {
  const id = useId();
  const current = useSearchWords();
  return (
    <form
      method="get"
      action={paths.search()}
      role="search"
      className={`flex items-center ${className}`}
    >
      <label htmlFor={id} className="sr-only">
        Search news
      </label>
      <input
        key={current}
        id={id}
        type="search"
        name="q"
        defaultValue={current}
        required
        maxLength={LIMITS.searchQuery.max}
        placeholder="Search news"
        className="w-full min-w-0 rounded-l-md border border-slate-300 px-3 py-1.5 text-sm text-slate-900 placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-red-700"
      />
      <button
        type="submit"
        className="rounded-r-md border border-l-0 border-red-700 bg-red-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700"
      >
        Search
      </button>
    </form>
  );
}
