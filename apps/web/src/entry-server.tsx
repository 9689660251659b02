import { QueryClientProvider, defaultShouldDehydrateQuery, dehydrate } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { DISPLAY_TIME_ZONE, type RenderRequest, type RenderResult } from '@newsroom/contract';
import { createQueryClient } from './lib/query-client.ts';
import { ContactPage } from './public/contact/ContactPage.tsx';
import { GONE_HEAD, jsonForScript, renderHeadHtml } from './public/head.ts';
import { STATE_ELEMENT_ID, type PublicState } from './public/hydration.ts';
import { setZoneRules } from './public/format.ts';
import { PublicPage } from './public/PublicPage.tsx';
import { resolvePage, type ResolvedPage } from './public/resolve-page.ts';
import { SlotRenderingContext } from './public/slots/Slot.tsx';
import { recordingZone, siteZoneTable, sliceZoneTable, tableZone } from './public/time-zone.ts';

export { renderFragment } from './public/slots/render-fragment.tsx';

/** A deleted article's address (decision 084): the 'removed' screen, nothing read. */
const GONE: ResolvedPage = { page: { id: 'gone' }, status: 410, head: GONE_HEAD, slots: [] };

/**
 * Renders one public page with its data, read through `request.reads`, its head tags, the state
 * the browser hydrates from and the shared parts the page host joins into it (each where its
 * `slotMark` is). Renders run side by side: all a render keeps is in its own variables.
 */
export async function render(request: RenderRequest): Promise<RenderResult> {
  const queryClient = createQueryClient();
  const { pathname, searchParams } = new URL(request.url, 'http://localhost');
  const { page, status, head, slots } = request.gone
    ? GONE
    : await resolvePage(queryClient, request.reads, pathname, searchParams);
  // Dates are written in the site's zone; the offsets they used go to the browser with the page.
  // The rules are set right before the render, which runs at once to its end.
  const zoneTable = siteZoneTable(request.timeZone ?? DISPLAY_TIME_ZONE);
  const zone = recordingZone(tableZone(zoneTable));
  setZoneRules(zone);
  const html = renderToString(
    <QueryClientProvider client={queryClient}>
      <SlotRenderingContext.Provider value="mark">
        <PublicPage page={page} pathname={pathname} ContactPage={ContactPage} />
      </SlotRenderingContext.Provider>
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
    slots,
  };
}
