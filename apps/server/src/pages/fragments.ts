import type { PageSlot, Renderer } from '@newsroom/contract';
import type { Built } from '../cache/entries.ts';
import { pieceOf, type SlotRef, type StoredFragment } from '../cache/joined-page.ts';
import { publicTags } from '../cache/tags.ts';
import { lookupKey } from '../domain/lookup-key.ts';
import type { Services } from '../services.ts';

/**
 * The parts many pages show the same, each rendered once and joined into every page that shows
 * it as the page is served (decision 095): the category menu, 'Read this also' and a category's
 * 'Related News'. Each is read with one item more than a page shows, so that a page can leave
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

  /** Reads and renders the shared part a slot names, and compresses each piece a page may show. */
  const build = async (slot: PageSlot): Promise<Built<StoredFragment>> => {
    const { rendered, tags } = await renderShared(slot);
    const limit = slot.name === 'menu' ? null : slot.limit;
    const items = rendered.items.map((item) => ({ ...item, slug: lookupKey(item.slug) }));
    const shown = (without: string | null) => {
      const kept = items.filter((item) => item.slug !== without);
      return limit === null ? kept : kept.slice(0, limit);
    };
    const withouts = [null, ...(limit === null ? [] : items.map((item) => item.slug))];
    const variants = await Promise.all(
      withouts.map(async (without) => {
        const kept = shown(without);
        const html = rendered.open + kept.map((item) => item.html).join('') + rendered.close;
        return { without, piece: kept.length === 0 ? null : await pieceOf(html) };
      }),
    );
    const bytes = variants.reduce(
      (sum, { piece }) => sum + (piece ? piece.identity.length + piece.deflate.length : 0),
      0,
    );
    return { value: { variants, tags, bytes }, keep: true };
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
