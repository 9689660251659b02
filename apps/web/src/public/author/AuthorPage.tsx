import { paths } from '../../lib/paths.ts';
import { useAuthor } from '../api/author.ts';
import { NewsList, pagedListProps } from '../news-list/NewsList.tsx';

/** The text of a public link: its host and path, without the scheme. */
export function linkLabel(url: string): string {
  try {
    const parsed = new URL(url);
    const path = parsed.pathname === '/' ? '' : parsed.pathname;
    return `${parsed.host}${path}`;
  } catch {
    return url;
  }
}

/**
 * `/author/{slug}`: a person's picture, name, bio and public links, then their articles, newest
 * first, one page more as the reader nears the bottom; without JavaScript, links to the older
 * and newer pages (decision 103).
 */
export function AuthorPage({ slug, page }: { slug: string; page: number }) {
  const query = useAuthor(slug, page);
  const first = query.data?.pages[0];
  if (!first) return null;
  const { author } = first;
  const last = query.data?.pages.at(-1) ?? first;
  const older = query.hasNextPage ? last.page + 1 : null;
  return (
    <>
      <header className="mb-8 flex flex-col gap-5 sm:flex-row sm:items-start">
        {author.pictureURL && (
          <img
            src={author.pictureURL}
            alt={`Portrait of ${author.name}`}
            width={112}
            height={112}
            className="h-28 w-28 shrink-0 rounded-full object-cover"
          />
        )}
        <div className="min-w-0">
          <p className="text-sm font-semibold tracking-wide text-red-700 uppercase">Author</p>
          <h1 className="text-3xl font-black tracking-tight text-slate-900">{author.name}</h1>
          {author.bio && <p className="mt-2 max-w-2xl text-slate-700">{author.bio}</p>}
          {author.links.length > 0 && (
            <ul className="mt-3 flex flex-wrap gap-3 text-sm" aria-label="Links">
              {author.links.map((link) => (
                <li key={link}>
                  <a
                    href={link}
                    rel="me noopener noreferrer"
                    className="font-semibold text-red-700 hover:underline"
                  >
                    {linkLabel(link)}
                  </a>
                </li>
              ))}
            </ul>
          )}
          <p className="mt-3 text-sm">
            <a href={paths.authorFeed(author.slug)} className="text-slate-600 hover:underline">
              RSS feed of {author.name}’s articles
            </a>
          </p>
        </div>
      </header>
      <h2 className="mb-5 text-xl font-bold text-slate-900">Articles by {author.name}</h2>
      <NewsList
        {...pagedListProps(query)}
        emptyMessage={`${author.name} has no published articles yet.`}
      />
      <nav aria-label="Pages" className="flex justify-between text-sm font-semibold">
        {page > 1 ? (
          <a href={paths.author(author.slug, page - 1)} rel="prev" className="text-red-700">
            ← Newer articles
          </a>
        ) : (
          <span />
        )}
        {older !== null && (
          <a href={paths.author(author.slug, older)} rel="next" className="text-red-700">
            Older articles →
          </a>
        )}
      </nav>
    </>
  );
}
