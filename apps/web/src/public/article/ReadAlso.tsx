import { paths } from '../../lib/paths.ts';
import { useLatestNews } from '../api/latest-news.ts';
import { formatDate } from '../format.ts';
import { NewsImage } from '../NewsImage.tsx';

/** 'Read this also': the 4 newest articles. */
export function ReadAlso({ slug }: { slug: string }) {
  const latest = useLatestNews(slug).data ?? [];
  if (latest.length === 0) return null;
  return (
    <section aria-labelledby="read-also-heading" className="mt-12">
      <h2
        id="read-also-heading"
        className="border-l-4 border-red-700 pl-3 text-xl font-black text-slate-900"
      >
        Read this also
      </h2>
      <ul className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-4" data-testid="read-also">
        {latest.map((article) => (
          <li key={article._id}>
            <a
              href={paths.article(article.slug)}
              className="group block rounded-lg focus-visible:outline-2 focus-visible:outline-red-700"
            >
              <NewsImage
                article={article}
                sizes="(min-width: 1024px) 300px, (min-width: 640px) 50vw, 100vw"
                className="rounded-lg"
              />
              <span className="mt-2 line-clamp-3 font-bold leading-snug text-slate-900 group-hover:text-red-700">
                {article.title}
              </span>
              <span className="mt-1 block text-xs text-slate-600">
                {formatDate(article.updatedAt)}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
