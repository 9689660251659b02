import { useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { useAuth } from '../../lib/auth-store.ts';
import { paths } from '../../lib/paths.ts';
import { reloadAt } from '../lib/navigation.ts';
import { isLeaving } from './session.ts';
import { Sidebar } from './Sidebar.tsx';
import { TopBar } from './TopBar.tsx';

const SIDEBAR_KEY = 'newsroom:admin-sidebar-collapsed';

function initiallyCollapsed(): boolean {
  const saved = window.localStorage.getItem(SIDEBAR_KEY);
  return saved === null ? window.innerWidth < 768 : saved === '1';
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
          <Outlet />
        </main>
        <footer className="border-t border-slate-200 bg-white px-6 py-3 text-center text-xs text-slate-500">
          © 2025 News Admin. All rights reserved.
        </footer>
      </div>
    </div>
  );
}
