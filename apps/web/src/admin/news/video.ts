import { isHttpUrl } from '@newsroom/contract';

export type VideoPreview = { kind: 'embed'; src: string } | { kind: 'file'; src: string };

const YOUTUBE_ID = /^[\w-]{6,20}$/;

/** How a video URL can be previewed: YouTube and Vimeo as embeds, anything else as a video file. */
export function videoPreview(value: string): VideoPreview | null {
  const text = value.trim();
  if (!isHttpUrl(text)) return null;
  const url = new URL(text);
  const host = url.hostname.replace(/^www\.|^m\./, '');
  let youtubeId: string | null = null;
  if (host === 'youtu.be') youtubeId = url.pathname.slice(1);
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    youtubeId =
      url.searchParams.get('v') ??
      url.pathname.match(/^\/(?:embed|shorts|live)\/([^/]+)/)?.[1] ??
      null;
  }
  if (youtubeId && YOUTUBE_ID.test(youtubeId)) {
    return { kind: 'embed', src: `https://www.youtube-nocookie.com/embed/${youtubeId}` };
  }
  const vimeoId = host === 'vimeo.com' ? url.pathname.match(/^\/(\d+)/)?.[1] : null;
  if (vimeoId) return { kind: 'embed', src: `https://player.vimeo.com/video/${vimeoId}` };
  return { kind: 'file', src: text };
}
