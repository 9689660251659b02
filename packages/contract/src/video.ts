/**
 * Videos: which players an article may embed, and how a video URL is shown. One definition for
 * the server's sanitiser and Content-Security-Policy, the browser's sanitiser, the editor's
 * preview and the article page, so all of them agree.
 */

/** The origins of the players an article may embed (the CSP's frame sources). */
export const VIDEO_EMBED_ORIGINS = [
  'https://www.youtube.com',
  'https://www.youtube-nocookie.com',
  'https://player.vimeo.com',
] as const;

/**
 * The referrer policy of every embedded player. The site's own policy is `no-referrer`, and a
 * YouTube player that is not told which site embeds it refuses to play ("Error 153"): YouTube
 * requires the embedding page's origin as its Referer. This sends the origin only, never the
 * page's path, and nothing over plain http.
 */
export const VIDEO_EMBED_REFERRER_POLICY = 'strict-origin-when-cross-origin';

/** The embed paths of those players; any other iframe source is removed. */
const EMBED_PATHS: Record<(typeof VIDEO_EMBED_ORIGINS)[number], RegExp> = {
  'https://www.youtube.com': /^\/embed\/[\w-]+$/,
  'https://www.youtube-nocookie.com': /^\/embed\/[\w-]+$/,
  'https://player.vimeo.com': /^\/video\/\d+$/,
};

function parseHttpUrl(text: string): URL | null {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/** True when an iframe source is one of the allowed players' embed addresses. */
export function isVideoEmbedUrl(src: string | null | undefined): boolean {
  const url = src ? parseHttpUrl(src) : null;
  if (!url) return false;
  const pattern = EMBED_PATHS[url.origin as keyof typeof EMBED_PATHS];
  return pattern !== undefined && pattern.test(url.pathname);
}

/** How a video URL is shown: an embedded player, a video file, or a plain link. */
export type VideoSource =
  { kind: 'iframe'; src: string } | { kind: 'file'; src: string } | { kind: 'link'; href: string };

const YOUTUBE_ID = /^[\w-]{6,20}$/;

function youTubeId(url: URL): string | null {
  const host = url.hostname.replace(/^(www|m)\./, '');
  let id: string | null = null;
  if (host === 'youtu.be') id = url.pathname.slice(1).split('/')[0] ?? null;
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    id =
      url.pathname === '/watch'
        ? url.searchParams.get('v')
        : (/^\/(?:embed|shorts|live)\/([\w-]+)/.exec(url.pathname)?.[1] ?? null);
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

function vimeoId(url: URL): string | null {
  const host = url.hostname.replace(/^www\./, '');
  if (host === 'vimeo.com') return /^\/(\d+)\/?$/.exec(url.pathname)?.[1] ?? null;
  if (host === 'player.vimeo.com') return /^\/video\/(\d+)\/?$/.exec(url.pathname)?.[1] ?? null;
  return null;
}

/**
 * What a video URL plays as: YouTube (privacy-enhanced) and Vimeo as players, an .mp4, .webm or
 * .ogg file as a video, anything else as a link; null when it is not an http(s) URL.
 */
export function videoSource(videoURL: string): VideoSource | null {
  const url = parseHttpUrl(videoURL);
  if (!url) return null;
  const youTube = youTubeId(url);
  if (youTube) return { kind: 'iframe', src: `https://www.youtube-nocookie.com/embed/${youTube}` };
  const vimeo = vimeoId(url);
  if (vimeo) return { kind: 'iframe', src: `https://player.vimeo.com/video/${vimeo}` };
  if (/\.(mp4|webm|ogg)$/i.test(url.pathname)) return { kind: 'file', src: url.toString() };
  return { kind: 'link', href: url.toString() };
}
