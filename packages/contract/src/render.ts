/**
 * The contract between the page host (apps/server/src/pages) and the built server renderer
 * (apps/web/src/entry-server.tsx).
 */

/**
 * What the reader site reads of an API answer. The browser's `Response` is one; the page host's
 * in-process answer is another, without the stream machinery a `Response` carries.
 */
export interface ApiResponse {
  readonly status: number;
  readonly ok: boolean;
  json(): Promise<unknown>;
}

/** How the renderer reaches /api/v1: the host passes an in-process transport. */
export type ApiFetch = (url: string, init: RequestInit) => Promise<ApiResponse>;

export interface RenderRequest {
  /** Path and query of the page, e.g. `/news/some-slug`. */
  url: string;
  /** Absolute base for canonical and social URLs (PUBLIC_URL). */
  publicUrl: string;
  fetch: ApiFetch;
  /** The site's IANA time zone (SITE_TIME_ZONE), in which readers' dates are written. */
  timeZone?: string;
  /**
   * The page is an article that was deleted (its address answers 410 Gone, decision 084): the
   * renderer shows the 'removed' screen with status 410 and reads nothing.
   */
  gone?: boolean;
}

export type RenderResult =
  | { kind: 'page'; status: number; head: string; html: string; state: string }
  | { kind: 'redirect'; status: number; location: string };

export interface Renderer {
  render(request: RenderRequest): Promise<RenderResult>;
}

/**
 * The site's settings the page host writes into every page's head, for the browser app: the
 * meta element's name, its content the IANA time zone of SITE_TIME_ZONE.
 */
export const SITE_TIME_ZONE_META = 'site-time-zone';
