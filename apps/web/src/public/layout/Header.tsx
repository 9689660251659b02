import { useEffect, useRef, useState, type ReactNode } from 'react';
import { paths } from '../../lib/paths.ts';
import { useCategories, type NavCategory } from '../api/categories.ts';
import { usePathname } from '../pathname.ts';
import { MobileDrawer } from './MobileDrawer.tsx';
import { Logo } from './Logo.tsx';
import { SearchBox } from '../search/SearchBox.tsx';

const navLinkClass = (isActive: boolean) =>
  `block whitespace-nowrap rounded px-2.5 py-2 text-sm font-semibold transition-colors hover:text-red-700 focus-visible:outline-2 focus-visible:outline-red-700 ${
    isActive ? 'text-red-700' : 'text-slate-800'
  }`;

/** Whether `pathname` is the page `to` names or, unless `end`, a page below it. */
export function isActivePath(pathname: string, to: string, end = false): boolean {
  const path = pathname.toLowerCase();
  const target = to.toLowerCase();
  if (path === target) return true;
  return !end && path.startsWith(target.endsWith('/') ? target : `${target}/`);
}

/** A link of the category bar, marked as the current page when the reader is on it. */
function NavLink({ to, end, children }: { to: string; end?: boolean; children: ReactNode }) {
  const active = isActivePath(usePathname(), to, end);
  return (
    <a href={to} className={navLinkClass(active)} aria-current={active ? 'page' : undefined}>
      {children}
    </a>
  );
}

/** One category of the desktop bar; its sub-categories open on hover and on keyboard focus. */
function CategoryMenu({ category, menuId }: { category: NavCategory; menuId: string }) {
  return (
    <li className="group relative">
      <NavLink to={paths.category(category.name)}>{category.name}</NavLink>
      {category.subcategory.length > 0 && (
        <ul
          id={menuId}
          aria-label={`${category.name} sub-categories`}
          className="invisible absolute top-full left-0 z-30 min-w-48 rounded-md border border-slate-200 bg-white py-1 opacity-0 shadow-lg transition-opacity group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100"
        >
          {category.subcategory.map((sub) => (
            <li key={sub.name}>
              <a
                href={paths.category(category.name, sub.name)}
                className="block px-4 py-2 text-sm text-slate-700 hover:bg-slate-100 hover:text-red-700 focus-visible:bg-slate-100 focus-visible:outline-none"
              >
                {sub.name}
              </a>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** The site header: logo, the category bar (desktop) and the menu button with its drawer. */
export function Header() {
  const categories = useCategories();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);

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
          onClick={() => setDrawerOpen((open) => !open)}
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" width="18" height="18" fill="currentColor">
            <path d="M3 5h14v2H3zM3 9h14v2H3zM3 13h14v2H3z" />
          </svg>
          Menu
        </button>
      </div>
      <nav aria-label="Categories" className="hidden border-t border-slate-100 lg:block">
        <ul className="mx-auto flex max-w-7xl items-center gap-1 px-4 sm:px-6">
          <li>
            <NavLink to={paths.home()} end>
              Home
            </NavLink>
          </li>
          {categories.map((category, index) => (
            <CategoryMenu key={category.name} category={category} menuId={`menu-${index + 1}`} />
          ))}
        </ul>
      </nav>
      {drawerOpen && <MobileDrawer categories={categories} onClose={closeDrawer} />}
    </header>
  );
}
