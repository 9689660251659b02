import { NavLink } from 'react-router';
import { can, type Action } from '@newsroom/contract';
import { useAuth } from '../../lib/auth-store.ts';
import { paths } from '../../lib/paths.ts';
import { useDeskSummary } from '../desk/api.ts';

/** Each screen with the action of the role table it needs: a link shows only to who may use it. */
const links: { to: string; label: string; icon: string; action: Action }[] = [
  { to: paths.admin.dashboard(), label: 'Dashboard', icon: '▦', action: 'dashboard' },
  { to: paths.admin.category(), label: 'Category', icon: '◆', action: 'taxonomy.write' },
  { to: paths.admin.subCategory(), label: 'SubCategory', icon: '◇', action: 'taxonomy.write' },
  { to: paths.admin.anchor(), label: 'Anchor', icon: '◉', action: 'taxonomy.write' },
  { to: paths.admin.publisher(), label: 'Publisher', icon: '▣', action: 'taxonomy.write' },
  { to: paths.admin.newsTable(), label: 'News Table', icon: '☰', action: 'content.read' },
  { to: paths.admin.desk(), label: 'My desk', icon: '☑', action: 'content.read' },
  { to: paths.admin.newsAdd(), label: 'Add News', icon: '✚', action: 'news.create' },
  { to: paths.admin.contactDetails(), label: 'Contact Details', icon: '✉', action: 'contacts' },
  { to: paths.admin.staff(), label: 'Staff', icon: '☺', action: 'staff.list' },
  { to: paths.admin.audit(), label: 'Audit trail', icon: '⧗', action: 'audit' },
  { to: paths.admin.profile(), label: 'Profile', icon: '✎', action: 'account' },
  { to: paths.admin.security(), label: 'Security', icon: '⚿', action: 'account' },
  { to: paths.admin.webhooks(), label: 'Webhooks', icon: '⇄', action: 'webhooks' },
];

/** The back office's navigation; collapsed, it shows only icons (names stay for screen readers). */
export function Sidebar({ collapsed }: { collapsed: boolean }) {
  const role = useAuth()?.role ?? '';
  const shown = links.filter((link) => can(role, link.action));
  // What is assigned to them and not yet published (decision 106).
  const assigned = useDeskSummary().data?.assigned ?? 0;
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
        {shown.map((link) => (
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
              {link.to === paths.admin.desk() && assigned > 0 ? (
                <span
                  data-testid="desk-count"
                  // The link keeps its name; the title tells what the figure counts.
                  aria-hidden="true"
                  title={`${assigned} assigned to you`}
                  className="ml-auto rounded-full bg-red-600 px-2 text-xs font-bold text-white"
                >
                  {assigned}
                </span>
              ) : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
