import { QueryClientProvider, hydrate, type QueryClient } from '@tanstack/react-query';
import { startTransition, type ComponentType } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createQueryClient } from '../lib/query-client.ts';
import { setZoneRules } from './format.ts';
import { documentTitle } from './head.ts';
import { readPublicState, receivedNow } from './hydration.ts';
import type { PublicPageRef } from './page.ts';
import { PublicPage } from './PublicPage.tsx';
import { ServerMarkup } from './server-markup.ts';
import { SlotRenderingContext } from './slots/Slot.tsx';
import { intlZone, tableZone } from './time-zone.ts';
import { siteTimeZone } from '../lib/site-time-zone.ts';
import { httpReads } from './api/reads.ts';

/** The contact page and its form library load only on that page, before it is hydrated. */
async function contactPageFor(page: PublicPageRef): Promise<ComponentType | undefined> {
  if (page.id !== 'contact') return undefined;
  return (await import('./contact/ContactPage.tsx')).ContactPage;
}

/**
 * Without server state (the Vite dev server) the browser resolves the page itself; that code
 * (and the route matcher) is loaded only then. Such a page has no page host to join its shared
 * parts: their elements stay empty.
 */
async function resolveInBrowser(queryClient: QueryClient): Promise<PublicPageRef> {
  const { resolvePage } = await import('./resolve-page.ts');
  const resolved = await resolvePage(
    queryClient,
    httpReads,
    window.location.pathname,
    new URLSearchParams(window.location.search),
  );
  document.title = documentTitle(resolved.head);
  return resolved.page;
}

/**
 * Starts the public site in the browser. A server-rendered page is hydrated with the very data
 * it was rendered from (the page and the query cache), so nothing is fetched again. There is
 * no client-side router: a link loads the next page, already rendered, from the server.
 */
export async function hydratePublic(root: HTMLElement): Promise<void> {
  const state = readPublicState();
  // The server's offsets for the dates it wrote; other dates in the zone the page names.
  setZoneRules(state?.zone ? tableZone(state.zone) : intlZone(siteTimeZone()));
  const queryClient = createQueryClient();
  if (state) hydrate(queryClient, receivedNow(state.query));
  const page = state ? state.page : await resolveInBrowser(queryClient);
  const ContactPage = await contactPageFor(page);
  const app = (
    <QueryClientProvider client={queryClient}>
      <ServerMarkup.Provider value={state !== null}>
        <SlotRenderingContext.Provider value="keep">
          <PublicPage page={page} pathname={window.location.pathname} ContactPage={ContactPage} />
        </SlotRenderingContext.Provider>
      </ServerMarkup.Provider>
    </QueryClientProvider>
  );
  // As a transition, hydration is done in slices that yield to the browser between them, so
  // the page stays responsive (no long task) while React takes over the server's markup.
  if (state) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
}
