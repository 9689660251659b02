import { useSyncExternalStore } from 'react';
import { ROLES, type Role } from '@newsroom/contract';

const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

/** What the page remembers of a signed-in staff member (`role` is theirs at sign-in). The refresh token stays in its httpOnly cookie. */
export interface AuthState {
  role: string;
  email: string;
  accessToken: string;
  authenticated: true;
}

export const AUTH_STORAGE_KEY = 'newsroom:auth';

type Listener = () => void;
const listeners = new Set<Listener>();
let current: AuthState | null | undefined;

function read(): AuthState | null {
  if (typeof window === 'undefined') return null;
  try {
    const raw = window.localStorage.getItem(AUTH_STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<AuthState>;
    return parsed.accessToken && parsed.role && parsed.email
      ? {
          role: parsed.role,
          email: parsed.email,
          accessToken: parsed.accessToken,
          authenticated: true,
        }
      : null;
  } catch {
    return null;
  }
}

export function getAuth(): AuthState | null {
  if (current === undefined) current = read();
  return current;
}

/** True when the persisted state holds the access token of staff of a known role. */
export function isAdminSignedIn(): boolean {
  const auth = getAuth();
  return auth !== null && isRole(auth.role);
}

export function setAuth(next: Omit<AuthState, 'authenticated'>): void {
  current = { ...next, authenticated: true };
  window.localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(current));
  listeners.forEach((listener) => listener());
}

/** Forgets the session and purges what was persisted. */
export function clearAuth(): void {
  current = null;
  if (typeof window !== 'undefined') window.localStorage.removeItem(AUTH_STORAGE_KEY);
  listeners.forEach((listener) => listener());
}

function subscribe(listener: Listener) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== AUTH_STORAGE_KEY) return;
    current = read();
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useAuth(): AuthState | null {
  return useSyncExternalStore(subscribe, getAuth, () => null);
}
