import type { DehydratedState } from '@tanstack/react-query';
import type { PublicPageRef } from './page.ts';
import type { ZoneTable } from './time-zone.ts';

/** The id of the <script type="application/json"> that carries the server's data to the page. */
export const STATE_ELEMENT_ID = 'app-state';

/** Everything the browser needs to hydrate exactly what the server rendered. */
export interface PublicState {
  page: PublicPageRef;
  query: DehydratedState;
  /** The offsets of the site's time zone over the dates the page shows, when it shows any. */
  zone?: ZoneTable;
}

/** The state the server embedded, or null when the page was not server-rendered. */
export function readPublicState(): PublicState | null {
  const element = document.getElementById(STATE_ELEMENT_ID);
  if (!element?.textContent) return null;
  return JSON.parse(element.textContent) as PublicState;
}

/**
 * Treats the server's data as fetched now: clocks differ, and the browser should not refetch
 * what it has just received.
 */
export function receivedNow(state: DehydratedState, now = Date.now()): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) => ({
      ...query,
      state: {
        ...query.state,
        dataUpdatedAt: query.state.dataUpdatedAt ? now : 0,
        errorUpdatedAt: query.state.errorUpdatedAt ? now : 0,
      },
    })),
  };
}
