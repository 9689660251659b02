import { TRUNCATE, truncateWords } from '@newsroom/contract';
import { paths } from '../../lib/paths.ts';
import type { NewsCardData } from '../api/news-card.ts';
import { formatDate } from '../format.ts';
import { NewsImage } from '../NewsImage.tsx';
import { SearchSnippet } from '../search/SearchSnippet.tsx';
import { displayTags } from '../tags.ts';

interface NewsCardProps {
  article: NewsCardData;
  /** The first item of a list: large, with a longer excerpt and its picture loaded first. */
  featured?: boolean;
  /** A search result's excerpt (marked words), shown in place of the opening words. */
  snippet?: string;
}

function Tags({ tags }: { tags: string[] }) {
  const shown = displayTags(tags);
  if (shown.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
      {shown.map((tag, index) => (
        <li
          key={`${tag}-${index}`}
          className="rounded-full bg-red-50 px-2.5 py-0.5 text-xs font-semibold text-red-800"
        >
          {tag}
        </li>
      ))}
    </ul>
  );
}

/** One article in a news list: picture, tags, title, excerpt, publisher and updated date. */
export function NewsCard({ article, featured = false, snippet }: NewsCardProps) {
  const excerpt = featured
    ? article.excerpt
    : truncateWords(article.excerpt, TRUNCATE.gridItemWords);
  const href = paths.article(article.slug);
  const excerptClass = featured ? 'text-slate-700' : 'flex-1 text-sm text-slate-700';
  return (
    <article
      data-testid="news-item"
      className={
        featured
          ? 'grid gap-5 overflow-hidden rounded-xl border border-slate-200 bg-white lg:grid-cols-2'
          : 'flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white'
      }
    >
      <a
        href={href}
        tabIndex={-1}
        aria-hidden="true"
        className={featured ? 'block lg:h-full' : 'block'}
      >
        <NewsImage
          article={article}
          priority={featured}
          className={featured ? 'lg:aspect-auto lg:h-full' : ''}
          sizes={
            featured
              ? '(min-width: 1024px) 620px, 100vw'
              : '(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw'
          }
        />
      </a>
      <div
        className={
          featured
            ? 'flex flex-col gap-3 p-5 lg:py-6 lg:pr-6 lg:pl-0'
            : 'flex flex-1 flex-col gap-3 p-4'
        }
      >
        <Tags tags={article.tags} />
        <h2
          className={
            featured
              ? 'text-2xl leading-tight font-extrabold text-slate-900 sm:text-3xl'
              : 'text-lg leading-snug font-bold text-slate-900'
          }
        >
          <a
            href={href}
            className="rounded hover:text-red-700 focus-visible:outline-2 focus-visible:outline-red-700"
          >
            {article.title}
          </a>
        </h2>
        {snippet === undefined ? (
          <p className={excerptClass}>{excerpt}</p>
        ) : (
          <SearchSnippet snippet={snippet} className={excerptClass} />
        )}
        <p className="text-xs text-slate-600">
          <span className="font-semibold text-slate-800">
            {article.publisher?.name ?? 'Newsroom'}
          </span>
          {' · '}
          <time dateTime={article.updatedAt}>Updated {formatDate(article.updatedAt)}</time>
        </p>
      </div>
    </article>
  );
}
