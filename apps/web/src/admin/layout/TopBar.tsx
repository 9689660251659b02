import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { FALLBACK_ERROR } from '../../lib/api.ts';
import type { Role } from '@newsroom/contract';
import { useAuth } from '../../lib/auth-store.ts';
import { ROLE_NAMES } from '../lib/permissions.ts';
import { logout } from './session.ts';

interface TopBarProps {
  collapsed: boolean;
  onToggleSidebar: () => void;
}

/** 'Hello Admin' (or the person's role), the sidebar toggle and the account menu with Logout. */
export function TopBar({ collapsed, onToggleSidebar }: TopBarProps) {
  const role = useAuth()?.role;
  const greeting = ROLE_NAMES[role as Role] ?? ROLE_NAMES.admin;
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (
        event instanceof KeyboardEvent
          ? event.key === 'Escape'
          : !menuRef.current?.contains(event.target as Node)
      ) {
        setOpen(false);
      }
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  const signOut = async () => {
    setPending(true);
    try {
      await logout();
    } catch (error) {
      setPending(false);
      toast.error(error instanceof Error && error.message ? error.message : FALLBACK_ERROR);
    }
  };

  return (
    <header className="flex h-14 items-center justify-between border-b border-slate-200 bg-white px-4">
      <button
        type="button"
        aria-controls="admin-sidebar"
        aria-expanded={!collapsed}
        aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
        onClick={onToggleSidebar}
        className="rounded-md p-2 text-xl leading-none text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-red-700"
      >
        ☰
      </button>
      <div ref={menuRef} className="relative">
        <button
          type="button"
          aria-haspopup="menu"
          aria-expanded={open}
          onClick={() => setOpen((value) => !value)}
          className="rounded-md px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-red-700"
        >
          Hello {greeting} ▾
        </button>
        {open ? (
          <div
            role="menu"
            className="absolute right-0 z-10 mt-1 w-40 rounded-md border border-slate-200 bg-white py-1 shadow-lg"
          >
            <button
              type="button"
              role="menuitem"
              disabled={pending}
              onClick={() => void signOut()}
              className="block w-full px-4 py-2 text-left text-sm text-slate-800 hover:bg-slate-100 disabled:opacity-50"
            >
              {pending ? 'Please wait...' : 'Logout'}
            </button>
          </div>
        ) : null}
      </div>
    </header>
  );
}
