import type { ApiEnvelope, FieldError, LoginData } from '@newsroom/contract';
import { clearAuth, getAuth, setAuth } from './auth-store.ts';

export const API_PREFIX = '/api/v1';
export const FALLBACK_ERROR = 'Something is wrong';

/** A failed call: `message` is the server's message, or the fallback. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: FieldError[] = [],
  ) {
    super(message);
  }
}

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
}

function buildUrl(path: string, query?: CallOptions['query']) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_PREFIX}${path}${search ? `?${search}` : ''}`;
}

async function send(path: string, options: CallOptions, token: string | undefined) {
  const headers: Record<string, string> = { accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (token) headers.authorization = `Bearer ${token}`;
  return fetch(buildUrl(path, options.query), {
    method: options.method ?? (body ? 'POST' : 'GET'),
    headers,
    body,
    credentials: 'include',
    signal: options.signal,
  });
}

let refreshing: Promise<boolean> | null = null;

/** Calls that sign in or out: a 401 there is the answer, never a reason to refresh. */
const OPEN_AUTH_CALL = /^\/auth\/(login|refresh|logout|admin\/signup|verify|resend-otp|invitation)/;

/** Exchanges the refresh cookie for a new access token, once for all callers waiting on it. */
export function refreshSession(): Promise<boolean> {
  refreshing ??= (async () => {
    try {
      const response = await send('/auth/refresh', { method: 'POST' }, undefined);
      if (response.status !== 200) return false;
      const envelope = (await response.json()) as ApiEnvelope<LoginData>;
      setAuth({
        role: envelope.data.role,
        email: envelope.data.email,
        accessToken: envelope.data.accessToken,
      });
      return true;
    } catch {
      return false;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

/**
 * Calls /api/v1 and unwraps the envelope. An expired access token is refreshed once,
 * transparently; when that fails the admin is signed out.
 */
export async function api<T>(path: string, options: CallOptions = {}): Promise<ApiEnvelope<T>> {
  const token = getAuth()?.accessToken;
  let response = await send(path, options, token);
  if (response.status === 401 && token && !OPEN_AUTH_CALL.test(path)) {
    if (await refreshSession()) response = await send(path, options, getAuth()?.accessToken);
    else clearAuth();
  }
  let envelope: ApiEnvelope<T> | null = null;
  try {
    envelope = (await response.json()) as ApiEnvelope<T>;
  } catch {
    envelope = null;
  }
  if (response.status !== 200 || !envelope || envelope.statusCode !== 200) {
    throw new ApiError(
      response.status,
      envelope?.message || FALLBACK_ERROR,
      envelope?.errors ?? [],
    );
  }
  return envelope;
}
