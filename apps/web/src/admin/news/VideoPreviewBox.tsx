import { videoPreview } from './video.ts';

/** What the video URL will show on the article. */
export function VideoPreviewBox({ url }: { url: string }) {
  const preview = videoPreview(url);
  if (!preview) return null;
  return (
    <div className="mb-4 aspect-video w-full max-w-md overflow-hidden rounded-md bg-black">
      {preview.kind === 'embed' ? (
        <iframe
          src={preview.src}
          title="Video preview"
          className="h-full w-full"
          allow="encrypted-media; picture-in-picture"
          allowFullScreen
        />
      ) : (
        <video src={preview.src} controls className="h-full w-full" aria-label="Video preview">
          <track kind="captions" />
        </video>
      )}
    </div>
  );
}
