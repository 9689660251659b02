import { livePaths, publicPaths, type LiveEntry } from '@newsroom/contract';
import { SafeHtml } from '../article/SafeHtml.tsx';
import { VideoEmbed } from '../article/VideoEmbed.tsx';
import { formatDateTime } from '../format.ts';

/** One entry of a live page: its time and writer, its text, picture and video. */
export function LiveEntryItem({ entry, pinned = false }: { entry: LiveEntry; pinned?: boolean }) {
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
      <SafeHtml
        html={entry.text}
        className="mt-2 space-y-3 text-lg leading-relaxed text-slate-800 [&_a]:font-semibold [&_a]:text-red-700 [&_a]:underline [&_iframe]:aspect-video [&_iframe]:w-full [&_img]:h-auto [&_img]:max-w-full"
      />
      {entry.imageURL && (
        <img
          src={entry.imageURL}
          alt={entry.alt}
          loading="lazy"
          decoding="async"
          className="mt-3 h-auto max-w-full rounded-lg"
        />
      )}
      <VideoEmbed videoURL={entry.videoURL} title={entry.alt || 'Live entry'} />
    </li>
  );
}
