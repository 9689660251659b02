import { READ_ALSO_COUNT, RELATED_NEWS_COUNT, type PageSlot } from '@newsroom/contract';

/**
 * The category menu, marking `current`: the home page's path on the home page, a category's path
 * on its list page and its sub-categories' (`paths.category(category)`), null elsewhere.
 */
export const menuSlot = (current: string | null = null): PageSlot => ({ name: 'menu', current });

/**
 * An article page's shared parts: the menu, 'Read this also' (the newest articles but this one)
 * and, when the article has a category, 'Related News' (the newest of that category but this one).
 */
export function articleSlots(slug: string, category: string | undefined): PageSlot[] {
  const slots: PageSlot[] = [
    menuSlot(),
    { name: 'read-also', exclude: slug, limit: READ_ALSO_COUNT },
  ];
  if (category) {
    slots.push({ name: 'related', category, exclude: slug, limit: RELATED_NEWS_COUNT });
  }
  return slots;
}
