import { vi } from 'vitest';

export interface StubbedCall {
  url: string;
  method: string;
  body: BodyInit | null | undefined;
}

type Route = (call: StubbedCall) => { status?: number; body: unknown } | undefined;

/**
 * Replaces the browser's fetch for a component test: each call is recorded and answered by the
 * first route that returns a response (404 envelope otherwise).
 */
export function stubFetch(...routes: Route[]) {
  const calls: StubbedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = { url: String(input), method: init?.method ?? 'GET', body: init?.body };
    calls.push(call);
    for (const route of routes) {
      const answer = route(call);
      if (answer) {
        return new Response(JSON.stringify(answer.body), {
          status: answer.status ?? 200,
          headers: { 'content-type': 'application/json' },
        });
      }
    }
    return new Response(JSON.stringify({ statusCode: 404, data: null, message: 'Not found' }), {
      status: 404,
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

export const ok = (data: unknown, message = 'OK', extra: Record<string, unknown> = {}) => ({
  body: { statusCode: 200, data, message, ...extra },
});

export const fail = (status: number, message: string) => ({
  status,
  body: { statusCode: status, data: null, message },
});

export const on =
  (method: string, path: string, answer: { status?: number; body: unknown }): Route =>
  (call) =>
    call.method === method && new URL(call.url, 'http://test').pathname === `/api/v1${path}`
      ? answer
      : undefined;
