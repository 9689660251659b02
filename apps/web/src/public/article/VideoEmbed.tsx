import { VIDEO_EMBED_REFERRER_POLICY, videoSource } from '@newsroom/contract';

/** The article's video: a lazily loaded player, or a link when the site cannot be embedded. */
export function VideoEmbed({ videoURL, title }: { videoURL: string; title: string }) {
  const source = videoSource(videoURL);
  if (!source) return null;
  if (source.kind === 'link') {
    return (
      <p className="mt-6">
        <a
          href={source.href}
          className="font-semibold text-red-700 underline"
          rel="noopener noreferrer"
          target="_blank"
        >
          Watch the video
        </a>
      </p>
    );
  }
  return (
    <div className="mt-6 aspect-video overflow-hidden rounded-xl bg-black">
      {source.kind === 'iframe' ? (
        <iframe
          src={source.src}
          title={`Video: ${title}`}
          loading="lazy"
          allow="accelerometer; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
          allowFullScreen
          referrerPolicy={VIDEO_EMBED_REFERRER_POLICY}
          className="h-full w-full"
        />
      ) : (
        <video src={source.src} controls preload="none" className="h-full w-full">
          <track kind="captions" />
        </video>
      )}
    </div>
  );
}
