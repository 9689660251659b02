import { useEffect, useRef, useState } from 'react';
import { useCategories } from '../api/categories.ts';
import { Slot } from '../slots/Slot.tsx';
import { CATEGORY_BAR_NAV } from './CategoryBar.tsx';
import { MobileDrawer } from './MobileDrawer.tsx';
import { Logo } from './Logo.tsx';
import { SearchBox } from '../search/SearchBox.tsx';

/**
 * The site header: logo, the category bar (desktop) and the menu button with its drawer. The bar
 * is a shared part the page host joins (the page names which category it marks, page-slots.ts);
 * the drawer reads the categories when the reader reaches for it.
 */
export function Header() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerWanted, setDrawerWanted] = useState(false);
  const categoriesRead = useCategories(drawerWanted);
  const categories = categoriesRead.data ?? [];
  const menuButton = useRef<HTMLButtonElement>(null);
  const wantDrawer = () => setDrawerWanted(true);

  const closeDrawer = () => {
    setDrawerOpen(false);
    menuButton.current?.focus();
  };

  // The page works before its script runs, but this button does not: a tap on it then was noted
  // by the page's first script (src/start-after-paint.ts), and is answered now.
  useEffect(() => {
    const button = menuButton.current;
    if (!button) return;
    delete button.dataset.beforeApp;
    if (button.dataset.clicked === undefined) return;
    delete button.dataset.clicked;
    setDrawerWanted(true);
    setDrawerOpen(true);
  }, []);

  return (
    <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo />
        <SearchBox className="ml-auto hidden w-80 lg:flex" />
        <button
          ref={menuButton}
          type="button"
          className="inline-flex items-center gap-2 rounded-md border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-red-700 lg:hidden"
          aria-expanded={drawerOpen}
          aria-controls="mobile-menu"
          data-before-app=""
          onPointerEnter={wantDrawer}
          onPointerDown={wantDrawer}
          onFocus={wantDrawer}
          onClick={() => {
            wantDrawer();
            setDrawerOpen((open) => !open);
          }}
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" width="18" height="18" fill="currentColor">
            <path d="M3 5h14v2H3zM3 9h14v2H3zM3 13h14v2H3z" />
          </svg>
          Menu
        </button>
      </div>
      <Slot name="menu" as="nav" {...CATEGORY_BAR_NAV} />
      {drawerOpen && (
        <MobileDrawer
          categories={categories}
          loading={categoriesRead.isPending}
          onClose={closeDrawer}
        />
      )}
    </header>
  );
}
