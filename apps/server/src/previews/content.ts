import { tagsForRead, type NewsDto, type Revision } from '@newsroom/contract';

/** Where a preview reads the article as saved (the news service's admin read). */
export interface SavedArticles {
  get(id: string): Promise<NewsDto>;
}

/** Where a preview reads one revision of the article, whole (the history's read). */
export interface SavedRevisions {
  content(newsId: string, revisionId: string): Promise<Revision>;
}

/**
 * What a preview shows: the fields of article `newsId` to render, as saved now (`revisionId`
 * null), or as saved in one of its revisions (decisions 108, 113): its words, taxonomy, people,
 * picture and video over the article as it stands. The one place a preview's content comes from.
 * A revision the article does not have answers 404.
 */
export async function previewContent(
  articles: SavedArticles,
  revisions: SavedRevisions,
  newsId: string,
  revisionId: string | null,
): Promise<NewsDto> {
  const article = await articles.get(newsId);
  if (revisionId === null) return article;
  const revision = await revisions.content(newsId, revisionId);
  const slugs = new Map(article.authors.map((author) => [author._id, author.slug]));
  return {
    ...article,
    title: revision.title,
    slug: revision.slug,
    metaDescription: revision.metaDescription,
    description: revision.description,
    tags: tagsForRead(revision.tags),
    categoryId: revision.category._id,
    category: revision.category,
    subCategoryId: revision.subCategory?._id ?? null,
    subcategory: revision.subCategory,
    publisherId: revision.publisher._id,
    publisher: revision.publisher,
    anchorId: revision.anchor?._id ?? null,
    anchor: revision.anchor,
    Image: revision.image === null ? null : { ImageURL: revision.image },
    alt: revision.alt,
    videoURL: revision.videoURL,
    // People named then who are still on the staff keep their page's address.
    authors: revision.authors.flatMap((author) => {
      const slug = slugs.get(author._id);
      return slug === undefined ? [] : [{ ...author, slug }];
    }),
  };
}
