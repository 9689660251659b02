import { TRUNCATE, truncateChars } from '@newsroom/contract';
import { paths } from '../../lib/paths.ts';
import { useRelatedNews } from '../api/related-news.ts';
import { NewsImage } from '../NewsImage.tsx';

/** 'Related News': up to 5 other articles of the same category. */
export function RelatedNews({ category, slug }: { category: string; slug: string }) {
  const related = useRelatedNews(category, slug).data ?? [];
  if (related.length === 0) return null;
  return (
    <section aria-labelledby="related-heading">
      <h2
        id="related-heading"
        className="border-l-4 border-red-700 pl-3 text-xl font-black text-slate-900"
      >
        Related News
      </h2>
      <ul className="mt-4 space-y-4" data-testid="related-news">
        {related.map((article) => (
          <li key={article._id}>
            <a
              href={paths.article(article.slug)}
              className="group grid grid-cols-[7rem_1fr] gap-3 rounded-lg focus-visible:outline-2 focus-visible:outline-red-700"
            >
              <NewsImage article={article} sizes="112px" className="rounded-md" />
              <span>
                <span className="block font-bold leading-snug text-slate-900 group-hover:text-red-700">
                  {truncateChars(article.title, TRUNCATE.relatedTitle)}
                </span>
                <span className="mt-1 block text-sm text-slate-600">{article.excerpt}</span>
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
