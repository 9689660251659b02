import { VIDEO_EMBED_REFERRER_POLICY, videoSource } from '@newsroom/contract';

/** What the video URL will show on the article: the same reading as the article page's. */
export function VideoPreviewBox({ url }: { url: string }) {
  const preview = videoSource(url);
  if (!preview) return null;
  if (preview.kind === 'link') {
    return (
      <p className="mb-4 text-sm text-slate-600">
        This address cannot be played here; the article will show it as a link.
      </p>
    );
  }
  return (
    <div className="mb-4 aspect-video w-full max-w-md overflow-hidden rounded-md bg-black">
      {preview.kind === 'iframe' ? (
        <iframe
          src={preview.src}
          title="Video preview"
          className="h-full w-full"
          allow="encrypted-media; picture-in-picture"
          allowFullScreen
          referrerPolicy={VIDEO_EMBED_REFERRER_POLICY}
        />
      ) : (
        <video src={preview.src} controls className="h-full w-full" aria-label="Video preview">
          <track kind="captions" />
        </video>
      )}
    </div>
  );
}
