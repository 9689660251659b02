import type { ReactNode } from 'react';
import type { NewsDto } from '@newsroom/contract';
import { paths } from '../../lib/paths.ts';
import { formatDate } from '../format.ts';
import { NewsImage } from '../NewsImage.tsx';
import { Slot } from '../slots/Slot.tsx';

/** What 'Read this also' shows of an article. */
export type ReadAlsoArticle = Pick<NewsDto, 'slug' | 'title' | 'Image' | 'alt' | 'updatedAt'>;

/** The section around the items of 'Read this also'. */
export function ReadAlsoSection({ children }: { children: ReactNode }) {
  return (
    <section aria-labelledby="read-also-heading" className="mt-12">
      <h2
        id="read-also-heading"
        className="border-l-4 border-red-700 pl-3 text-xl font-black text-slate-900"
      >
        Read this also
      </h2>
      <ul className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-4" data-testid="read-also">
        {children}
      </ul>
    </section>
  );
}

/** One article of 'Read this also': picture, title and updated date. */
export function ReadAlsoItem({ article }: { article: ReadAlsoArticle }) {
  return (
    <li>
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
        <span className="mt-1 block text-xs text-slate-600">{formatDate(article.updatedAt)}</span>
      </a>
    </li>
  );
}

/** 'Read this also': the 4 newest articles but the page's own, joined by the page host. */
export function ReadAlso() {
  return <Slot name="read-also" />;
}
