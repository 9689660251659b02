import { imageUrls, livePaths, publicPaths, type LiveEntry } from '@newsroom/contract';
import { SafeHtml } from '../article/SafeHtml.tsx';
import { VideoEmbed } from '../article/VideoEmbed.tsx';
import { formatDateTime } from '../format.ts';
import { WithVariants } from '../NewsImage.tsx';
import { ServerMarkup } from '../server-markup.ts';

/**
 * One entry of a live page: its time and writer, its text, picture and video. An entry the page
 * was not served with (`arrived`: from its event stream) has its text sanitised in the browser,
 * as any rich text the browser renders by itself.
 */
export function LiveEntryItem({
  entry,
  pinned = false,
  arrived = false,
}: {
  entry: LiveEntry;
  pinned?: boolean;
  arrived?: boolean;
}) {
  const text = (
    <SafeHtml
      html={entry.text}
      className="mt-2 space-y-3 text-lg leading-relaxed text-slate-800 [&_a]:font-semibold [&_a]:text-red-700 [&_a]:underline [&_iframe]:aspect-video [&_iframe]:w-full [&_img]:h-auto [&_img]:max-w-full"
    />
  );
  return (
    <li
      id={pinned ? undefined : livePaths.entryAnchor(entry._id)}
      data-entry={entry._id}
      className={`scroll-mt-20 border-l-4 py-1 pl-4 ${entry.keyEvent ? 'border-red-700' : 'border-slate-200'}`}
    >
      <p className="text-sm text-slate-600">
        {pinned && <span className="mr-2 font-semibold text-red-700">Pinned</span>}
        {entry.keyEvent && <span className="mr-2 font-semibold text-slate-900">Key event</span>}
        <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
        <span aria-hidden="true"> · </span>
        {entry.by.slug ? (
          <a href={publicPaths.author(entry.by.slug)} className="hover:underline">
            {entry.by.name}
          </a>
        ) : (
          <span>{entry.by.name}</span>
        )}
      </p>
      {arrived ? <ServerMarkup.Provider value={false}>{text}</ServerMarkup.Provider> : text}
      {entry.imageURL && <EntryPicture url={entry.imageURL} alt={entry.alt} />}
      <VideoEmbed videoURL={entry.videoURL} title={entry.alt || 'Live entry'} />
    </li>
  );
}

/** An entry's picture: its AVIF and WebP variants once made (decision 123), else the upload. */
function EntryPicture({ url, alt }: { url: string; alt: string }) {
  const urls = imageUrls(url);
  return (
    <WithVariants urls={urls} sizes="(min-width: 1024px) 860px, 100vw">
      <img
        src={urls.original}
        alt={alt}
        width={urls.size?.width}
        height={urls.size?.height}
        loading="lazy"
        decoding="async"
        className="mt-3 h-auto max-w-full rounded-lg"
      />
    </WithVariants>
  );
}
