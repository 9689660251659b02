import { useId } from 'react';
import { Form, useLocation, useSearchParams } from 'react-router';
import { LIMITS } from '@newsroom/contract';
import { paths } from '../../lib/paths.ts';

interface SearchBoxProps {
  /** Called as the search is sent (the drawer closes itself). */
  onSearch?: () => void;
  className?: string;
}

/**
 * The search form of the header and the drawer: a plain GET form to /search, so it works before
 * the page is hydrated; once it is, the router navigates without a reload. On the results page
 * the box shows the words searched for.
 */
export function SearchBox({ onSearch, className = '' }: SearchBoxProps) {
  const id = useId();
  const [params] = useSearchParams();
  const onResults = useLocation().pathname === paths.search();
  const current = onResults ? (params.get('q') ?? '') : '';
  return (
    <Form
      method="get"
      action={paths.search()}
      role="search"
      className={`flex items-center ${className}`}
      onSubmit={onSearch}
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
    </Form>
  );
}
