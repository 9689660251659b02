import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from '../../lib/auth-store.ts';
import { paths } from '../../lib/paths.ts';
import { useMe } from '../lib/me.ts';
import { reloadAt } from '../lib/navigation.ts';
import { isLeaving } from './session.ts';
import { Sidebar } from './Sidebar.tsx';
import { TopBar } from './TopBar.tsx';

const SIDEBAR_KEY = 'newsroom:admin-sidebar-collapsed';

function initiallyCollapsed(): boolean {
  const saved = window.localStorage.getItem(SIDEBAR_KEY);
  return saved === null ? window.innerWidth < 768 : saved === '1';
}

/**
 * A person the site requires two-factor sign-in of who has not turned it on is kept on the
 * Security screen: the server refuses their other calls until then (decision 101).
 */
function EnrolmentFirst({ children }: { children: ReactNode }) {
  const me = useMe().data;
  const { pathname } = useLocation();
  const security = paths.admin.security();
  if (me?.twoFactorRequired && !me.twoFactor && pathname !== security) {
    return <Navigate to={security} replace />;
  }
  return children;
}

/** Sidebar, top bar, the screen, footer. A session that ends (refresh refused) goes to sign-in. */
export function AdminLayout() {
  const auth = useAuth();
  const [collapsed, setCollapsed] = useState(initiallyCollapsed);

  useEffect(() => {
    if (!auth && !isLeaving()) reloadAt(paths.login());
  }, [auth]);

  const toggle = () =>
    setCollapsed((value) => {
      window.localStorage.setItem(SIDEBAR_KEY, value ? '0' : '1');
      return !value;
    });

  return (
    <div className="flex min-h-screen bg-slate-100">
      <Sidebar collapsed={collapsed} />
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar collapsed={collapsed} onToggleSidebar={toggle} />
        <main className="flex-1 p-4 md:p-6">
          <EnrolmentFirst>
            <Outlet />
          </EnrolmentFirst>
        </main>
        <footer className="border-t border-slate-200 bg-white px-6 py-3 text-center text-xs text-slate-500">
          © 2025 News Admin. All rights reserved.
        </footer>
      </div>
    </div>
  );
}
