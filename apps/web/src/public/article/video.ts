/** How an article's video is shown: an embedded player, a video file, or a plain link. */
export type VideoSource =
  { kind: 'iframe'; src: string } | { kind: 'file'; src: string } | { kind: 'link'; href: string };

function youTubeId(url: URL): string | null {
  const host = url.hostname.replace(/^www\.|^m\./, '');
  if (host === 'youtu.be') return url.pathname.slice(1).split('/')[0] || null;
  if (host !== 'youtube.com' && host !== 'youtube-nocookie.com') return null;
  if (url.pathname === '/watch') return url.searchParams.get('v');
  const match = /^\/(embed|shorts|live)\/([\w-]+)/.exec(url.pathname);
  return match?.[2] ?? null;
}

function vimeoId(url: URL): string | null {
  const host = url.hostname.replace(/^www\./, '');
  if (host !== 'vimeo.com' && host !== 'player.vimeo.com') return null;
  return /(\d+)(?:\/)?$/.exec(url.pathname)?.[1] ?? null;
}

/** Turns a video URL into something the page can play; null when there is none. */
export function videoSource(videoURL: string): VideoSource | null {
  if (!videoURL) return null;
  let url: URL;
  try {
    url = new URL(videoURL);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const youTube = youTubeId(url);
  if (youTube) return { kind: 'iframe', src: `https://www.youtube-nocookie.com/embed/${youTube}` };
  const vimeo = vimeoId(url);
  if (vimeo) return { kind: 'iframe', src: `https://player.vimeo.com/video/${vimeo}` };
  if (/\.(mp4|webm|ogg)$/i.test(url.pathname)) return { kind: 'file', src: url.toString() };
  return { kind: 'link', href: url.toString() };
}
