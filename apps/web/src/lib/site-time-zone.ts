import { DISPLAY_TIME_ZONE, SITE_TIME_ZONE_META } from '@newsroom/contract';

/**
 * The site's time zone (SITE_TIME_ZONE), which the page host writes into every page's head; the
 * display zone of the spec where a page carries none (the development server).
 */
export function siteTimeZone(): string {
  if (typeof document === 'undefined') return DISPLAY_TIME_ZONE;
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${SITE_TIME_ZONE_META}"]`);
  return meta?.content || DISPLAY_TIME_ZONE;
}
