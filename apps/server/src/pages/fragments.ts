import type { PageSlot, RenderedFragment, Renderer } from '@newsroom/contract';
import type { Built } from '../cache/entries.ts';
import {
  arrivedPiece,
  pieceOfNow,
  type SlotRef,
  type StoredFragment,
} from '../cache/joined-page.ts';
import { publicTags, showsTags } from '../cache/tags.ts';
import { lookupKey } from '../domain/lookup-key.ts';
import type { PageSources } from './reads.ts';

/*
 * The parts many pages show the same, each rendered once and joined into every page that shows
 * it as the page is served (decision 133): the category menu (one for each page it marks as
 * current), 'Read this also' and a category's 'Related News'. Each is read with one item more than a page shows, so that a page can leave
 * its own article out.
 */

/** A shared part rendered, with the tags of what it was read from. */
export interface SharedRender {
  rendered: RenderedFragment;
  tags: string[];
}

/** Reads and renders the shared part a slot names (in a render worker). */
export async function renderShared(
  sources: PageSources,
  renderer: Renderer,
  timeZone: string,
  slot: PageSlot,
): Promise<SharedRender> {
  switch (slot.name) {
    case 'menu': {
      const categories = await sources.categories.list();
      return {
        rendered: renderer.renderFragment({ name: 'menu', categories, current: slot.current }),
        tags: [publicTags.taxonomy],
      };
    }
    case 'read-also': {
      const articles = await sources.news.latest(slot.limit + 1);
      return {
        rendered: renderer.renderFragment({ name: 'read-also', articles, timeZone }),
        tags: [publicTags.newest, publicTags.lists, ...showsTags(articles)],
      };
    }
    case 'related': {
      const articles = await sources.news.related(slot.category, undefined, slot.limit + 1);
      return {
        rendered: renderer.renderFragment({ name: 'related', articles, timeZone }),
        tags: [publicTags.related(slot.category), publicTags.lists, ...showsTags(articles)],
      };
    }
  }
}

/** Where `slot` goes in a page: the shared part's cache key and the items the page keeps. */
export function slotRef(slot: PageSlot): SlotRef {
  switch (slot.name) {
    case 'menu':
      // One per page it may mark: none, the home page, each category.
      return { fragment: `fragment menu ${slot.current ?? ''}`, slot, exclude: null, limit: null };
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
}

/**
 * A rendered shared part in pieces, compressed in the render worker: one piece per article a page
 * may leave out, and one for a page whose article is not among them.
 */
export function fragmentInPieces({ rendered, tags }: SharedRender, slot: PageSlot): StoredFragment {
  const limit = slot.name === 'menu' ? null : slot.limit;
  const items = rendered.items.map((item) => ({ ...item, slug: lookupKey(item.slug) }));
  const shown = (without: string | null) => {
    const kept = items.filter((item) => item.slug !== without);
    return limit === null ? kept : kept.slice(0, limit);
  };
  const withouts = [null, ...(limit === null ? [] : items.map((item) => item.slug))];
  const variants = withouts.map((without) => {
    const kept = shown(without);
    const html = rendered.open + kept.map((item) => item.html).join('') + rendered.close;
    return { without, piece: kept.length === 0 ? null : pieceOfNow(html) };
  });
  const bytes = variants.reduce(
    (sum, { piece }) => sum + (piece ? piece.identity.length + piece.deflate.length : 0),
    0,
  );
  return { variants, tags, bytes };
}

/** A shared part as it arrives from the render worker, to keep. */
export function storedFragment(fragment: StoredFragment): Built<StoredFragment> {
  const variants = fragment.variants.map(({ without, piece }) => ({
    without,
    piece: piece ? arrivedPiece(piece) : null,
  }));
  return { value: { ...fragment, variants }, keep: true };
}
