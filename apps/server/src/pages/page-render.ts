import { SITE_TIME_ZONE_META, publicPaths, type ApiFetch, type Renderer } from '@newsroom/contract';
import type { PageArticle } from '../cache/stored-answer.ts';
import type { Config } from '../config/env.ts';
import { compressBoth } from '../cache/compress.ts';
import { recordReads } from './render-reads.ts';
import { fillTemplate } from './template.ts';
import { watchForUnavailable } from './unavailable.ts';

/**
 * One page to render: its path and query, whether it is an article that was deleted, and
 * whether it will be kept (then it is compressed both ways where it is rendered).
 */
export interface PageJob {
  url: string;
  gone: boolean;
  keepable: boolean;
}

/** What every page document is made of besides the renderer's part. */
export interface PageFrame {
  /** The built page template (apps/web/index.html). */
  template: string;
  /** Head elements of every page: the site's settings the browser app reads. */
  siteHead: string;
  /** The site's time zone, in which readers' dates are written (SITE_TIME_ZONE). */
  timeZone: string;
  /** Whether article pages carry the view beacon (VIEWS_FROM=beacon). */
  beacon: boolean;
}

/** The frame of this site's pages, from its configuration and built template. */
export function pageFrame(config: Config, template: string): PageFrame {
  // SITE_TIME_ZONE for the browser app (readers' dates, the editor), on every page.
  const zone = config.siteTimeZone.replace(/[^\w/+-]/g, '');
  return {
    template,
    siteHead: `<meta name="${SITE_TIME_ZONE_META}" content="${zone}" />\n    `,
    timeZone: config.siteTimeZone,
    beacon: config.viewsFrom === 'beacon',
  };
}

/** An image the page loads once, counting its view where a CDN keeps the page (VIEWS_FROM). */
const beaconTag = (slug: string) =>
  `<img src="/api/v1/u${publicPaths.article(slug)}/view" alt="" width="1" height="1" hidden>`;

/**
 * A rendered page as plain data, so it can come from another process (render-process.ts): the
 * renderer's result with what the page read (the tags it is dropped by, the article it shows), or
 * `unavailable` when a read found the database away.
 */
export type RenderedPage =
  | {
      kind: 'page';
      status: number;
      /** The whole document. */
      html: string;
      /** Its compressed forms, when the job was keepable and they were made with it. */
      compressed?: { br: Uint8Array | null; gzip: Uint8Array | null };
      tags: string[];
      article: PageArticle | null;
    }
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'unavailable' };

/** Where pages are rendered: this thread, or a render process. */
export interface PageRenderer {
  render(job: PageJob): Promise<RenderedPage>;
}

/**
 * Renders one page, reading the API through `fetch`, into its frame. Throws when the renderer
 * fails for another reason than the database being away.
 */
export async function renderPage(
  renderer: Renderer,
  fetch: ApiFetch,
  { frame, publicUrl }: { frame: PageFrame; publicUrl: string },
  job: PageJob,
): Promise<RenderedPage> {
  const api = watchForUnavailable(fetch);
  const reads = recordReads(api.fetch);
  try {
    const result = await renderer.render({
      url: job.url,
      publicUrl,
      fetch: reads.fetch,
      timeZone: frame.timeZone,
      ...(job.gone && { gone: true }),
    });
    if (api.seen()) return { kind: 'unavailable' };
    if (result.kind === 'redirect') return result;
    const article = reads.article();
    let html = fillTemplate(frame.template, { ...result, head: frame.siteHead + result.head });
    if (frame.beacon && article)
      html = html.replace('</body>', `${beaconTag(article.slug)}</body>`);
    return { kind: 'page', status: result.status, html, tags: reads.tags(), article };
  } catch (error) {
    if (api.seen()) return { kind: 'unavailable' };
    throw error;
  }
}

/** The page with its compressed forms made here, when it is to be kept (render-worker.ts). */
export async function withCompressedForms(page: RenderedPage, job: PageJob): Promise<RenderedPage> {
  if (page.kind !== 'page' || !job.keepable) return page;
  return { ...page, compressed: await compressBoth(Buffer.from(page.html)) };
}
