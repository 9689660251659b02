import { READ_ALSO_COUNT, RELATED_NEWS_COUNT, type PageSlot } from '@newsroom/contract';

/** The category menu with no category marked: every page but the home and list pages. */
export const MENU_SLOT: PageSlot = { name: 'menu' };

/**
 * An article page's shared parts: the menu, 'Read this also' (the newest articles but this one)
 * and, when the article has a category, 'Related News' (the newest of that category but this one).
 */
export function articleSlots(slug: string, category: string | undefined): PageSlot[] {
  const slots: PageSlot[] = [
    MENU_SLOT,
    { name: 'read-also', exclude: slug, limit: READ_ALSO_COUNT },
  ];
  if (category) {
    slots.push({ name: 'related', category, exclude: slug, limit: RELATED_NEWS_COUNT });
  }
  return slots;
}
