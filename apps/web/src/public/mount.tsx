import { QueryClientProvider, hydrate } from '@tanstack/react-query';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { createQueryClient } from '../lib/query-client.ts';
import { deserializeRouterState, readPublicState, receivedNow } from './hydration.ts';
import { createPublicRoutes } from './routes.tsx';

/** Loads the code-split routes of this URL first, so hydration renders what the server did. */
async function resolveLazyRoutes(routes: RouteObject[]): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

/**
 * Starts the public site in the browser. A server-rendered page is hydrated with the very data
 * it was rendered from (router loader data and the query cache), so nothing is fetched again;
 * without server state (the Vite dev server) it simply renders.
 */
export function hydratePublic(root: HTMLElement): void {
  const state = readPublicState();
  const queryClient = createQueryClient();
  if (state) hydrate(queryClient, receivedNow(state.query));
  const routes = createPublicRoutes(queryClient);
  void resolveLazyRoutes(routes).then(() => {
    const router = createBrowserRouter(routes, {
      hydrationData: state ? deserializeRouterState(state.router) : undefined,
    });
    const app = (
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    );
    if (state) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });
}
