import { paths } from '../../lib/paths.ts';
import { useArticle } from '../api/article.ts';
import { formatDateTime } from '../format.ts';
import { NewsImage } from '../NewsImage.tsx';
import { displayTags } from '../tags.ts';
import { ArticleNotes } from './ArticleNotes.tsx';
import { Byline } from './Byline.tsx';
import { ReadAlso } from './ReadAlso.tsx';
import { RelatedNews } from './RelatedNews.tsx';
import { SafeHtml } from './SafeHtml.tsx';
import { VideoEmbed } from './VideoEmbed.tsx';
import { LiveCoverage } from '../live/LiveCoverage.tsx';
import type { LiveCursor } from '../live/api.ts';

/**
 * `/news/{slug}`: the article; its related news and the latest news are shared parts the page
 * host joins into the page. A live page shows its entries below its text (decision 115).
 */
export function ArticlePage({ slug, live }: { slug: string; live?: LiveCursor }) {
  const article = useArticle(slug);
  const category = article.category?.name;
  // "Updated": the time of its newest note (decision 112).
  const updatedAt = article.corrections[0]?.createdAt;
  return (
    <>
      <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <article className="min-w-0">
          {category && (
            <nav aria-label="Breadcrumb" className="mb-3 text-sm font-semibold text-red-700">
              <a href={paths.category(category)} className="hover:underline">
                {category}
              </a>
              {article.subcategory && (
                <>
                  <span aria-hidden="true" className="mx-2 text-slate-400">
                    /
                  </span>
                  <a
                    href={paths.category(category, article.subcategory.name)}
                    className="hover:underline"
                  >
                    {article.subcategory.name}
                  </a>
                </>
              )}
            </nav>
          )}
          <h1 className="text-3xl leading-tight font-black tracking-tight text-slate-900 sm:text-4xl">
            {article.title}
          </h1>
          <Byline authors={article.authors} />
          <p className="mt-3 text-sm text-slate-600">
            <span className="font-semibold text-slate-800">
              Published by - {article.publisher?.name ?? 'Newsroom'}
            </span>
            <span aria-hidden="true"> · </span>
            <time dateTime={article.createdAt}>{formatDateTime(article.createdAt)}</time>
            {updatedAt && (
              <>
                <span aria-hidden="true"> · </span>
                <a href="#corrections" className="hover:underline">
                  Updated <time dateTime={updatedAt}>{formatDateTime(updatedAt)}</time>
                </a>
              </>
            )}
          </p>
          {article.Image && (
            <NewsImage
              article={article}
              priority
              sizes="(min-width: 1024px) 860px, 100vw"
              className="mt-5 rounded-xl"
            />
          )}
          <SafeHtml
            html={article.description}
            className="mt-6 space-y-4 text-lg leading-relaxed text-slate-800 [&_a]:font-semibold [&_a]:text-red-700 [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-slate-300 [&_blockquote]:pl-4 [&_blockquote]:italic [&_h2]:text-2xl [&_h2]:font-bold [&_h3]:text-xl [&_h3]:font-bold [&_iframe]:aspect-video [&_iframe]:w-full [&_img]:h-auto [&_img]:max-w-full [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6"
          />
          <VideoEmbed videoURL={article.videoURL} title={article.title} />
          {article.live && live && <LiveCoverage slug={article.slug} cursor={live} />}
          <ArticleNotes notes={article.corrections} />
          {article.tags.length > 0 && (
            <ul className="mt-6 flex flex-wrap gap-2" aria-label="Tags">
              {displayTags(article.tags).map((tag, index) => (
                <li
                  key={`${tag}-${index}`}
                  className="rounded-full bg-slate-100 px-3 py-1 text-sm font-semibold text-slate-700"
                >
                  #{tag}
                </li>
              ))}
            </ul>
          )}
        </article>
        <RelatedNews category={category} />
      </div>
      <ReadAlso />
    </>
  );
}
