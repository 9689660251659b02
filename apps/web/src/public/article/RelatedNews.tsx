import type { ReactNode } from 'react';
import {
  TRUNCATE,
  htmlToText,
  truncateChars,
  truncateWords,
  type NewsDto,
} from '@newsroom/contract';
import { paths } from '../../lib/paths.ts';
import { NewsImage } from '../NewsImage.tsx';
import { Slot } from '../slots/Slot.tsx';

/** What 'Related News' shows of an article. */
export type RelatedArticle = Pick<NewsDto, 'slug' | 'title' | 'Image' | 'alt' | 'description'>;

/** The section around the items of 'Related News'. */
export function RelatedNewsSection({ children }: { children: ReactNode }) {
  return (
    <section aria-labelledby="related-heading">
      <h2
        id="related-heading"
        className="border-l-4 border-red-700 pl-3 text-xl font-black text-slate-900"
      >
        Related News
      </h2>
      <ul className="mt-4 space-y-4" data-testid="related-news">
        {children}
      </ul>
    </section>
  );
}

/** One article of 'Related News': picture, title and the opening words as plain text. */
export function RelatedNewsItem({ article }: { article: RelatedArticle }) {
  const excerpt = truncateWords(htmlToText(article.description), TRUNCATE.relatedWords);
  return (
    <li>
      <a
        href={paths.article(article.slug)}
        className="group grid grid-cols-[7rem_1fr] gap-3 rounded-lg focus-visible:outline-2 focus-visible:outline-red-700"
      >
        <NewsImage article={article} sizes="112px" className="rounded-md" />
        <span>
          <span className="block font-bold leading-snug text-slate-900 group-hover:text-red-700">
            {truncateChars(article.title, TRUNCATE.relatedTitle)}
          </span>
          <span className="mt-1 block text-sm text-slate-600">{excerpt}</span>
        </span>
      </a>
    </li>
  );
}

/**
 * The article page's side column: 'Related News', up to 5 other articles of the same category,
 * joined by the page host; empty for an article without a category.
 */
export function RelatedNews({ category }: { category: string | undefined }) {
  return category ? <Slot name="related" as="aside" /> : <aside />;
}
