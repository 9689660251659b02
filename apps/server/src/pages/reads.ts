import { resolveSection, type NewsDto, type PublicReads } from '@newsroom/contract';
import { articleNameTags, publicTags, sectionListTag, showsTags } from '../cache/tags.ts';
import type { PageArticle } from '../cache/cached-response.ts';
import { isDatabaseUnavailable } from '../db/errors.ts';
import { DomainError } from '../domain/errors.ts';
import { lookupKey } from '../domain/lookup-key.ts';
import { sanitizeDescription } from '../domain/rich-text.ts';
import type { CategoryService } from '../category/service.ts';
import type { NewsReads } from '../news/reads.ts';
import type { CorrectionReads } from '../corrections/reads.ts';
import type { SearchService } from '../search/service.ts';
import type { LiveReads } from '../live/reads.ts';

/** What pages read from: the services the API routes read from too. */
export interface PageSources {
  categories: Pick<CategoryService, 'list'>;
  news: Pick<NewsReads, 'publicList' | 'bySlug' | 'latest' | 'related' | 'author'>;
  search: Pick<SearchService, 'search'>;
  corrections: Pick<CorrectionReads, 'withNotes' | 'page'>;
  live: Pick<LiveReads, 'publicPage'>;
}

/**
 * The reads of one page render, as calls on the services the API routes use, noting what the
 * page is built from: the tags that make it stale (the same as the API response of each read,
 * cache/url-tags.ts), the article it shows, and whether a read found the database away.
 */
export function pageReads(services: PageSources, shown?: NewsDto) {
  const tags = new Set<string>();
  let article: PageArticle | null = null;
  let unavailable = false;

  const noted = async <T>(read: () => Promise<T>): Promise<T> => {
    try {
      return await read();
    } catch (error) {
      if (isDatabaseUnavailable(error)) unavailable = true;
      throw error;
    }
  };

  const reads: PublicReads = {
    categories: () =>
      noted(() => {
        tags.add(publicTags.taxonomy);
        return services.categories.list();
      }),
    section: (categorySegment, subcategorySegment) =>
      noted(async () => {
        const section = resolveSection(
          await services.categories.list(),
          categorySegment,
          subcategorySegment,
        );
        if (!section) {
          // Not a section yet: a new category or sub-category may make it one.
          tags.add(publicTags.taxonomy);
          return null;
        }
        // A rename, move or removal of the section names its own tag.
        tags.add(publicTags.section('category', section.category));
        if (section.subcategory) tags.add(publicTags.section('subcategory', section.subcategory));
        return section;
      }),
    newsPage: ({ category, subcategory, page, limit }) =>
      noted(async () => {
        tags.add(sectionListTag(category, subcategory) ?? publicTags.newest);
        tags.add(publicTags.lists);
        // A section's own page: its rename makes the address redirect at once.
        if (category) tags.add(publicTags.section('category', category));
        if (subcategory) tags.add(publicTags.section('subcategory', subcategory));
        const found = await services.news.publicList({ category, subcategory }, { page, limit });
        // How each of its articles shows (decision 133).
        for (const tag of showsTags(found.data)) tags.add(tag);
        return found;
      }),
    article: (slug) =>
      noted(async () => {
        // An article given (a preview, decision 113): shown as it is, cleaned as always.
        if (shown) return { ...shown, description: sanitizeDescription(shown.description) };
        tags.add(publicTags.article(slug));
        let news: NewsDto;
        try {
          news = await services.news.bySlug(slug);
        } catch (error) {
          if (error instanceof DomainError && error.code === 'NOT_FOUND') return null;
          throw error;
        }
        tags.add(publicTags.article(news.slug));
        for (const tag of articleNameTags(news)) tags.add(tag);
        article = { id: news._id, slug: news.slug, categoryId: news.categoryId };
        // Its notes (decision 112): a note's write names the article's own tag.
        const noted = await services.corrections.withNotes(news);
        // Cleaned again on its way to the page, by today's rules, whenever it was stored.
        return { ...noted, description: sanitizeDescription(news.description) };
      }),
    author: ({ slug, page, limit }) =>
      noted(() => {
        // The person's profile and the articles they are an author of; unknown, a new person
        // with the slug would name it too. Its cards name sections, as every list's do.
        tags.add(publicTags.author(lookupKey(slug)));
        tags.add(publicTags.lists);
        return services.news.author(slug, { page, limit });
      }),
    corrections: (query) =>
      noted(() => {
        // Every note's write names `corrections`, and every article write (a title, a slug, a
        // removal).
        tags.add(publicTags.corrections);
        return services.corrections.page(query);
      }),
    live: ({ slug, before, from, limit }) =>
      noted(async () => {
        // Every entry's write names the article's own tag (decision 115).
        tags.add(publicTags.article(slug));
        try {
          return await services.live.publicPage(slug, { before, from, limit });
        } catch (error) {
          if (error instanceof DomainError) return null;
          throw error;
        }
      }),
    search: (query) =>
      noted(() => {
        // Any article write may change what a search finds; every one names `search`.
        tags.add(publicTags.search);
        tags.add(publicTags.lists);
        return services.search.search(query);
      }),
  };

  return {
    reads,
    tags: () => [...tags],
    article: () => article,
    unavailable: () => unavailable,
  };
}
