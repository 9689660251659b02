import { QueryClientProvider, defaultShouldDehydrateQuery, dehydrate } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import {
  StaticRouterProvider,
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  type StaticHandlerContext,
} from 'react-router';
import type { RenderRequest, RenderResult } from '@newsroom/contract';
import { setTransport } from './lib/api.ts';
import { createQueryClient } from './lib/query-client.ts';
import {
  ERROR_HEAD,
  NOT_FOUND_HEAD,
  isPublicHandle,
  jsonForScript,
  renderHeadHtml,
  type PageHead,
} from './public/head.ts';
import { STATE_ELEMENT_ID, serializeRouterState, type PublicState } from './public/hydration.ts';
import { createPublicRoutes } from './public/routes.tsx';

function pageHead(context: StaticHandlerContext, queryClient: QueryClient): PageHead {
  const errors = Object.values(context.errors ?? {});
  if (errors.length > 0) {
    return errors.some((e) => isRouteErrorResponse(e) && e.status === 404)
      ? NOT_FOUND_HEAD
      : ERROR_HEAD;
  }
  for (const match of [...context.matches].reverse()) {
    const handle: unknown = match.route.handle;
    if (isPublicHandle(handle)) {
      const loaderData: unknown = context.loaderData[match.route.id];
      return handle.head({ queryClient, params: match.params, loaderData });
    }
  }
  return NOT_FOUND_HEAD;
}

/** Renders one public page with its data, head tags and the state the browser hydrates from. */
export async function render(request: RenderRequest): Promise<RenderResult> {
  setTransport(request.fetch);
  const queryClient = createQueryClient();
  const handler = createStaticHandler(createPublicRoutes(queryClient));
  const context = await handler.query(new Request(new URL(request.url, 'http://localhost')));
  if (context instanceof Response) {
    return {
      kind: 'redirect',
      status: context.status,
      location: context.headers.get('location') ?? '/',
    };
  }

  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <QueryClientProvider client={queryClient}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </QueryClientProvider>,
  );
  const state: PublicState = {
    router: serializeRouterState(context),
    query: dehydrate(queryClient, {
      shouldDehydrateQuery: (query) =>
        defaultShouldDehydrateQuery(query) || query.state.status === 'error',
    }),
  };
  const pathname = new URL(request.url, 'http://localhost').pathname;
  const head = renderHeadHtml(pageHead(context, queryClient), pathname, request.publicUrl);
  queryClient.clear(); // drops the cache and its timers: nothing outlives the request
  return {
    kind: 'page',
    status: context.statusCode,
    head,
    html,
    state: `<script id="${STATE_ELEMENT_ID}" type="application/json">${jsonForScript(state)}</script>`,
  };
}
