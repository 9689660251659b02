import { NavLink } from 'react-router';
import { paths } from '../../lib/paths.ts';

const links = [
  { to: paths.admin.dashboard(), label: 'Dashboard', icon: '▦' },
  { to: paths.admin.category(), label: 'Category', icon: '◆' },
  { to: paths.admin.subCategory(), label: 'SubCategory', icon: '◇' },
  { to: paths.admin.anchor(), label: 'Anchor', icon: '◉' },
  { to: paths.admin.publisher(), label: 'Publisher', icon: '▣' },
  { to: paths.admin.newsTable(), label: 'News Table', icon: '☰' },
  { to: paths.admin.newsAdd(), label: 'Add News', icon: '✚' },
  { to: paths.admin.contactDetails(), label: 'Contact Details', icon: '✉' },
];

/** The back office's navigation; collapsed, it shows only icons (names stay for screen readers). */
export function Sidebar({ collapsed }: { collapsed: boolean }) {
  return (
    <nav
      id="admin-sidebar"
      aria-label="Admin"
      className={`shrink-0 bg-slate-900 text-slate-100 transition-[width] duration-200 ${collapsed ? 'w-16' : 'w-60'}`}
    >
      <div className="flex h-14 items-center px-4 text-lg font-extrabold tracking-tight">
        <span aria-hidden="true" className="text-red-500">
          N
        </span>
        <span className={collapsed ? 'sr-only' : 'ml-1'}>ews Admin</span>
      </div>
      <ul className="space-y-1 px-2 py-2">
        {links.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              end
              title={collapsed ? link.label : undefined}
              className={({ isActive }) =>
                `flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-red-500 ${isActive ? 'bg-red-700 text-white hover:bg-red-700' : ''}`
              }
            >
              <span aria-hidden="true" className="w-4 text-center">
                {link.icon}
              </span>
              <span className={collapsed ? 'sr-only' : ''}>{link.label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
