import type { PageSlot, Renderer } from '@newsroom/contract';
import type { Built } from '../cache/entries.ts';
import { pieceOf, type SlotRef, type StoredFragment } from '../cache/joined-page.ts';
import { publicTags } from '../cache/tags.ts';
import { lookupKey } from '../domain/lookup-key.ts';
import type { Services } from '../services.ts';

/**
 * The parts many pages show the same, each rendered once and joined into every page that shows
 * it as the page is served (decision 095): the category menu, 'Read this also' and a category's
 * 'Related News'. Each is built with one item more than a page shows, so that a page can leave
 * its own article out.
 */
export function sharedParts(services: Services, renderer: Renderer, timeZone: string) {
  /** Where `slot` goes in a page: the shared part's cache key and the items the page keeps. */
  const slotRef = (slot: PageSlot): SlotRef => {
    switch (slot.name) {
      case 'menu':
        return { fragment: 'fragment menu', slot, exclude: null, limit: null };
      case 'read-also':
        return {
          fragment: `fragment read-also ${slot.limit + 1}`,
          slot,
          exclude: lookupKey(slot.exclude),
          limit: slot.limit,
        };
      case 'related':
        return {
          fragment: `fragment related ${slot.limit + 1} ${lookupKey(slot.category)}`,
          slot,
          exclude: lookupKey(slot.exclude),
          limit: slot.limit,
        };
    }
  };

  /** Reads and renders the shared part a slot names. */
  const build = async (slot: PageSlot): Promise<Built<StoredFragment>> => {
    const { rendered, tags } = await renderShared(slot);
    const [open, close, items] = await Promise.all([
      pieceOf(rendered.open),
      pieceOf(rendered.close),
      Promise.all(
        rendered.items.map(async (item) => ({
          slug: lookupKey(item.slug),
          piece: await pieceOf(item.html),
        })),
      ),
    ]);
    const pieces = [open, close, ...items.map((item) => item.piece)];
    const bytes = pieces.reduce((sum, p) => sum + p.identity.length + p.deflate.length, 0);
    return { value: { open, close, items, tags, bytes }, keep: true };
  };

  const renderShared = async (slot: PageSlot) => {
    switch (slot.name) {
      case 'menu': {
        const categories = await services.categories.list();
        return {
          rendered: renderer.renderFragment({ name: 'menu', categories }),
          tags: [publicTags.taxonomy],
        };
      }
      case 'read-also': {
        const articles = await services.news.latest(slot.limit + 1);
        return {
          rendered: renderer.renderFragment({ name: 'read-also', articles, timeZone }),
          tags: [publicTags.newest, publicTags.lists],
        };
      }
      case 'related': {
        const articles = await services.news.related(slot.category, undefined, slot.limit + 1);
        return {
          rendered: renderer.renderFragment({ name: 'related', articles, timeZone }),
          tags: [publicTags.related(slot.category), publicTags.lists],
        };
      }
    }
  };

  return { slotRef, build };
}
