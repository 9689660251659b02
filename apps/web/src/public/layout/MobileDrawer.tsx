import { useEffect, useState } from 'react';
import { paths } from '../../lib/paths.ts';
import type { NavCategory } from '../api/categories.ts';
import { SearchBox } from '../search/SearchBox.tsx';

interface MobileDrawerProps {
  categories: NavCategory[];
  /** The categories are being read (pages whose menu the page host joins read them on demand). */
  loading: boolean;
  onClose: () => void;
}

const linkClass =
  'block flex-1 rounded px-3 py-2.5 font-semibold text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-red-700';

/** The menu below the header on narrow screens: search, then categories with their sub-categories. */
export function MobileDrawer({ categories, loading, onClose }: MobileDrawerProps) {
  const [expanded, setExpanded] = useState<string | null>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <nav
      id="mobile-menu"
      aria-label="Menu"
      className="max-h-[calc(100dvh-3.5rem)] overflow-y-auto border-t border-slate-200 bg-white px-4 pb-6 shadow-lg lg:hidden"
    >
      <SearchBox className="pt-4 pb-2" />
      <ul className="divide-y divide-slate-100">
        <li>
          <a href={paths.home()} className={linkClass} onClick={onClose}>
            Home
          </a>
        </li>
        {categories.map((category, index) => {
          const open = expanded === category.name;
          const listId = `drawer-${index + 1}`;
          return (
            <li key={category.name}>
              <div className="flex items-center">
                <a href={paths.category(category.name)} className={linkClass} onClick={onClose}>
                  {category.name}
                </a>
                {category.subcategory.length > 0 && (
                  <button
                    type="button"
                    className="rounded p-2.5 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-red-700"
                    aria-expanded={open}
                    aria-controls={listId}
                    aria-label={`${category.name} sub-categories`}
                    onClick={() => setExpanded(open ? null : category.name)}
                  >
                    <svg
                      aria-hidden="true"
                      viewBox="0 0 20 20"
                      width="18"
                      height="18"
                      fill="currentColor"
                      className={open ? 'rotate-180 transition-transform' : 'transition-transform'}
                    >
                      <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
                    </svg>
                  </button>
                )}
              </div>
              {open && (
                <ul id={listId} className="mb-2 ml-4 border-l-2 border-red-700 pl-2">
                  {category.subcategory.map((sub) => (
                    <li key={sub.name}>
                      <a
                        href={paths.category(category.name, sub.name)}
                        className="block rounded px-3 py-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-red-700"
                        onClick={onClose}
                      >
                        {sub.name}
                      </a>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
      {loading && (
        <p className="px-3 py-2.5 text-sm text-slate-600" role="status">
          Loading categories…
        </p>
      )}
    </nav>
  );
}
