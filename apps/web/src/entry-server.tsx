import { QueryClientProvider, defaultShouldDehydrateQuery, dehydrate } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { DISPLAY_TIME_ZONE, type RenderRequest, type RenderResult } from '@newsroom/contract';
import { setTransport } from './lib/api.ts';
import { createQueryClient } from './lib/query-client.ts';
import { ContactPage } from './public/contact/ContactPage.tsx';
import { GONE_HEAD, jsonForScript, renderHeadHtml } from './public/head.ts';
import { STATE_ELEMENT_ID, type PublicState } from './public/hydration.ts';
import { setZoneRules } from './public/format.ts';
import { PublicPage } from './public/PublicPage.tsx';
import { resolvePage, type ResolvedPage } from './public/resolve-page.ts';
import { recordingZone, siteZoneTable, sliceZoneTable, tableZone } from './public/time-zone.ts';

/** A deleted article's address (decision 084): the 'removed' screen, nothing read. */
const GONE: ResolvedPage = { page: { id: 'gone' }, status: 410, head: GONE_HEAD };

/** Renders one public page with its data, head tags and the state the browser hydrates from. */
export async function render(request: RenderRequest): Promise<RenderResult> {
  setTransport(request.fetch);
  const queryClient = createQueryClient();
  const { pathname, searchParams } = new URL(request.url, 'http://localhost');
  const { page, status, head } = request.gone
    ? GONE
    : await resolvePage(queryClient, pathname, searchParams);
  // Dates are written in the site's zone; the offsets they used go to the browser with the page.
  const zoneTable = siteZoneTable(request.timeZone ?? DISPLAY_TIME_ZONE);
  const zone = recordingZone(tableZone(zoneTable));
  setZoneRules(zone);
  const html = renderToString(
    <QueryClientProvider client={queryClient}>
      <PublicPage page={page} pathname={pathname} ContactPage={ContactPage} />
    </QueryClientProvider>,
  );
  const dates = zone.range();
  const state: PublicState = {
    page,
    query: dehydrate(queryClient, {
      shouldDehydrateQuery: (query) =>
        defaultShouldDehydrateQuery(query) || query.state.status === 'error',
    }),
    ...(dates && { zone: sliceZoneTable(zoneTable, ...dates) }),
  };
  queryClient.clear(); // drops the cache and its timers: nothing outlives the request
  return {
    kind: 'page',
    status,
    head: renderHeadHtml(head, pathname, request.publicUrl),
    html,
    state: `<script id="${STATE_ELEMENT_ID}" type="application/json">${jsonForScript(state)}</script>`,
  };
}
