import { act } from '@testing-library/react';
import type { ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { slotMark, type SlotName } from '@newsroom/contract';
import { render, renderFragment } from '../../../src/entry-server.tsx';
import { hydratePublic } from '../../../src/public/mount.tsx';
import { Slot, SlotRenderingContext } from '../../../src/public/slots/Slot.tsx';
import { createNews } from '../factories.ts';
import { fakeReads } from '../fake-reads.ts';
import { categories, newest } from './fixtures.ts';
import { joinFragment } from './join.ts';

/*
 * A shared part is not rendered by the browser app: the page host joins it into the element the
 * page left for it, and hydration must leave it there, node for node, without a mismatch.
 */

const JOINED = '<section><h2>Joined by the page host</h2><ul><li>An item</li></ul></section>';

/** Every change made inside `element` from now on. */
function watch(element: Element): MutationRecord[] {
  const changes: MutationRecord[] = [];
  new MutationObserver((records) => changes.push(...records)).observe(element, {
    childList: true,
    subtree: true,
    characterData: true,
    attributes: true,
  });
  return changes;
}

/** A server render of `app` with the part joined where the slot `name` is. */
function serverMarkup(app: ReactNode, name: SlotName): HTMLElement {
  const html = renderToString(
    <SlotRenderingContext.Provider value="mark">{app}</SlotRenderingContext.Provider>,
  );
  expect(html).toContain(slotMark(name));
  const root = document.createElement('div');
  root.innerHTML = html.replace(slotMark(name), JOINED);
  document.body.append(root);
  return root;
}

// React's hydration warnings are collected here (the test setup's console.error throws, which
// would throw inside React) and each test says there were none.
const logged: unknown[][] = [];
const consoleError = vi.spyOn(console, 'error');
const failOnLog = consoleError.getMockImplementation();
beforeEach(() => {
  logged.length = 0;
  consoleError.mockImplementation((...args: unknown[]) => void logged.push(args));
});

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  consoleError.mockImplementation(failOnLog ?? (() => undefined));
});

describe('hydrateRoot (React 19) and a slot', () => {
  it('keeps the joined markup, node for node, through hydration and later renders', async () => {
    const tree = (label: string) => (
      <main>
        <p>{label}</p>
        <Slot name="related" as="aside" />
      </main>
    );
    const root = serverMarkup(tree('Server'), 'related');
    const section = root.querySelector('aside > section');
    const changes = watch(root.querySelector('aside') as Element);
    const onRecoverableError = vi.fn();
    const reactRoot = await act(async () =>
      hydrateRoot(root, tree('Server'), { onRecoverableError }),
    );
    await act(async () => reactRoot.render(tree('Rendered again')));
    expect(root.querySelector('p')?.textContent).toBe('Rendered again');
    expect(root.querySelector('aside')?.innerHTML).toBe(JOINED);
    expect(root.querySelector('aside > section')).toBe(section);
    expect(changes).toEqual([]);
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(logged).toEqual([]);
    act(() => reactRoot.unmount());
  });

  it('would not keep it in a plain empty element: hydration fails and renders it empty', async () => {
    const root = serverMarkup(
      <main>
        <Slot name="related" as="aside" />
      </main>,
      'related',
    );
    const onRecoverableError = vi.fn();
    const reactRoot = await act(async () =>
      hydrateRoot(
        root,
        <main>
          <aside />
        </main>,
        { onRecoverableError },
      ),
    );
    expect(onRecoverableError).toHaveBeenCalled();
    expect(root.querySelector('aside')?.innerHTML).toBe('');
    act(() => reactRoot.unmount());
  });
});

describe('a served article page, hydrated', () => {
  it('keeps the menu, ‘Read this also’ and ‘Related News’ the page host joined', async () => {
    const story = createNews({ slug: 'the-story', title: 'The story itself' });
    const page = await render({
      url: '/news/the-story',
      publicUrl: 'http://localhost',
      reads: fakeReads({ articles: [story] }),
    });
    if (page.kind !== 'page') throw new Error('expected a page');
    const parts: Record<SlotName, string> = {
      menu: joinFragment(renderFragment({ name: 'menu', categories, current: null })),
      'read-also': joinFragment(renderFragment({ name: 'read-also', articles: newest })),
      related: joinFragment(renderFragment({ name: 'related', articles: newest })),
    };
    let html = page.html;
    for (const slot of page.slots) html = html.replace(slotMark(slot.name), parts[slot.name]);
    window.history.replaceState(null, '', '/news/the-story');
    document.body.innerHTML = `<div id="root">${html}</div>${page.state}`;
    const root = document.getElementById('root') as HTMLElement;

    const joined = {
      menu: root.querySelector('nav[aria-label="Categories"] > ul'),
      readAlso: root.querySelector('[data-testid="read-also"]'),
      related: root.querySelector('aside [data-testid="related-news"]'),
    };
    expect(Object.values(joined).every(Boolean)).toBe(true);
    const changes = Object.values(joined).flatMap((element) =>
      element?.parentElement ? [watch(element.parentElement)] : [],
    );
    const reported = vi.fn();
    vi.stubGlobal('reportError', reported);
    const menuButton = root.querySelector('button[aria-controls="mobile-menu"]');
    expect(menuButton).toHaveAttribute('data-before-app');

    await act(() => hydratePublic(root));

    // Hydrated: the header's effect has taken the menu button over.
    expect(menuButton).not.toHaveAttribute('data-before-app');
    expect(root.querySelector('nav[aria-label="Categories"] > ul')).toBe(joined.menu);
    expect(root.querySelector('[data-testid="read-also"]')).toBe(joined.readAlso);
    expect(root.querySelector('aside [data-testid="related-news"]')).toBe(joined.related);
    expect(joined.readAlso?.textContent).toContain('Harbour reopens & ferries <return>');
    expect(changes.flat()).toEqual([]);
    expect(reported).not.toHaveBeenCalled();
    expect(logged).toEqual([]);
  });
});
