import type { ReactNode } from 'react';
import { paths } from '../../lib/paths.ts';
import type { NavCategory } from '../api/categories.ts';

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

/**
 * The path the bar marks its current page by: the home page's, a category's (its sub-categories'
 * pages mark it too), or null for a bar that marks none (the other pages).
 */
type CurrentPath = string | null;

/** A link of the category bar, marked as the current page when the reader is on it. */
function NavLink(props: { to: string; end?: boolean; current: CurrentPath; children: ReactNode }) {
  const { to, end, current, children } = props;
  const active = current !== null && isActivePath(current, to, end);
  return (
    <a href={to} className={navLinkClass(active)} aria-current={active ? 'page' : undefined}>
      {children}
    </a>
  );
}

/** The desktop bar's list: the Home link, then `children` (its categories). */
export function CategoryBarList({
  current,
  children,
}: {
  current: CurrentPath;
  children: ReactNode;
}) {
  return (
    <ul className="mx-auto flex max-w-7xl items-center gap-1 px-4 sm:px-6">
      <li>
        <NavLink to={paths.home()} end current={current}>
          Home
        </NavLink>
      </li>
      {children}
    </ul>
  );
}

interface CategoryBarItemProps {
  category: NavCategory;
  /** The id of its sub-category list, `menu-{n}` for the n-th category. */
  menuId: string;
  current: CurrentPath;
}

/** One category of the desktop bar; its sub-categories open on hover and on keyboard focus. */
export function CategoryBarItem({ category, menuId, current }: CategoryBarItemProps) {
  return (
    <li className="group relative">
      <NavLink to={paths.category(category.name)} current={current}>
        {category.name}
      </NavLink>
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

/** The n-th category's sub-category list id. */
export const categoryMenuId = (index: number) => `menu-${index + 1}`;

/** The attributes of the desktop bar's `<nav>`, the same whether its list is inside or joined. */
export const CATEGORY_BAR_NAV = {
  'aria-label': 'Categories',
  className: 'hidden border-t border-slate-100 lg:block',
} as const;
