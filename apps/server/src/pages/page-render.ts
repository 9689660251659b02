import {
  SITE_TIME_ZONE_META,
  publicPaths,
  slotMark,
  type NewsDto,
  type PageSlot,
  type Renderer,
} from '@newsroom/contract';
import type { PageArticle } from '../cache/cached-response.ts';
import { pieceOfNow, type Piece, type SlotRef } from '../cache/joined-page.ts';
import type { Config } from '../config/env.ts';
import { slotRef } from './fragments.ts';
import { pageReads, type PageSources } from './reads.ts';
import { fillTemplate } from './template.ts';

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
 * A rendered page: the whole document, with a slot mark where each shared part goes, and what it
 * was built from (the tags it goes stale by, the article it shows); or `unavailable` when a read
 * found the database away.
 */
export type RenderedPage =
  | {
      kind: 'page';
      status: number;
      html: string;
      slots: PageSlot[];
      tags: string[];
      article: PageArticle | null;
    }
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'unavailable' };

/** A rendered page as the render worker hands it over: its markup already in pieces (inPieces). */
export type PageInPieces =
  | Exclude<RenderedPage, { kind: 'page' }>
  | (Omit<Extract<RenderedPage, { kind: 'page' }>, 'html' | 'slots'> & {
      parts: Array<Piece | SlotRef>;
    });

/** A page's markup cut at its slot marks: runs of markup and the shared parts' places, in order. */
export function cutAtSlots(html: string, slots: PageSlot[]): Array<string | SlotRef> {
  const marks = slots
    .map((slot) => ({ slot, at: html.indexOf(slotMark(slot.name)) }))
    .sort((a, b) => a.at - b.at);
  const parts: Array<string | SlotRef> = [];
  let from = 0;
  for (const { slot, at } of marks) {
    parts.push(html.slice(from, at), slotRef(slot));
    from = at + slotMark(slot.name).length;
  }
  parts.push(html.slice(from));
  return parts;
}

/** The page's markup cut and compressed, in the render worker (pieceOfNow). */
export function inPieces(rendered: RenderedPage): PageInPieces {
  if (rendered.kind !== 'page') return rendered;
  const { html, slots, ...page } = rendered;
  const parts = cutAtSlots(html, slots).map((part) =>
    typeof part === 'string' ? pieceOfNow(part) : part,
  );
  return { ...page, parts };
}

export interface PageSite {
  renderer: Renderer;
  services: PageSources;
  frame: PageFrame;
  publicUrl: string;
}

/**
 * Renders the page at `url` (a deleted article's when `gone`), its data read by calling the
 * services (pages/reads.ts); an article page shows `shown` when given, whatever readers may see
 * (a preview, decision 113). Throws when the renderer fails for another reason than the
 * database being away.
 */
export async function renderPage(
  { renderer, services, frame, publicUrl }: PageSite,
  url: string,
  gone: boolean,
  shown?: NewsDto,
): Promise<RenderedPage> {
  const page = pageReads(services, shown);
  try {
    const result = await renderer.render({
      url,
      publicUrl,
      reads: page.reads,
      timeZone: frame.timeZone,
      ...(gone && { gone: true }),
    });
    if (page.unavailable()) return { kind: 'unavailable' };
    if (result.kind === 'redirect') return result;
    const article = page.article();
    let html = fillTemplate(frame.template, { ...result, head: frame.siteHead + result.head });
    if (frame.beacon && article)
      html = html.replace('</body>', `${beaconTag(article.slug)}</body>`);
    return {
      kind: 'page',
      status: result.status,
      html,
      slots: result.slots.filter((slot) => html.includes(slotMark(slot.name))),
      tags: page.tags(),
      article,
    };
  } catch (error) {
    if (page.unavailable()) return { kind: 'unavailable' };
    throw error;
  }
}
