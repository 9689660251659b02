import { feedTitle, hasAddress, publicPaths, type Section } from '@newsroom/contract';

export interface FeedLink {
  title: string;
  path: string;
}

/**
 * The feeds a page names in its head: the site's everywhere, its category's on category,
 * sub-category and article pages, and its sub-category's on sub-category pages.
 */
export function feedLinks(section: Section | undefined): FeedLink[] {
  const links: FeedLink[] = [{ title: feedTitle(), path: publicPaths.feed() }];
  if (!section || !hasAddress(section.category)) return links;
  const { category, subcategory } = section;
  links.push({ title: feedTitle({ category }), path: publicPaths.feed(category) });
  if (subcategory && hasAddress(subcategory)) {
    links.push({ title: feedTitle(section), path: publicPaths.feed(category, subcategory) });
  }
  return links;
}
