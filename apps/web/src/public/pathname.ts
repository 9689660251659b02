import { createContext, useContext } from 'react';

/**
 * The path of the page being shown. Public pages are whole documents (a link loads the next
 * page from the server), so the path never changes after hydration: the server provides the
 * requested one, the browser its own location.
 */
export const PathnameContext = createContext('/');

export function usePathname(): string {
  return useContext(PathnameContext);
}

/** The words of the search being shown (on /search), so the search box can show them too. */
export const SearchWordsContext = createContext('');

export function useSearchWords(): string {
  return useContext(SearchWordsContext);
}
