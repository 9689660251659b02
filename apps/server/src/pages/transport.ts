import type { FastifyInstance } from 'fastify';
import type { ApiFetch, ApiResponse } from '@newsroom/contract';
import { RENDER_HEADER } from './render-mark.ts';

/** The request's headers as a record (the renderer's calls give a plain one). */
function headerRecord(init: RequestInit['headers']): Record<string, string> {
  if (!init) return {};
  if (init instanceof Headers || Array.isArray(init)) return Object.fromEntries(new Headers(init));
  const record: Record<string, string> = {};
  for (const [name, value] of Object.entries(init)) {
    record[name] = typeof value === 'string' ? value : value.join(', ');
  }
  return record;
}

/**
 * A fetch for the server renderer that answers /api/v1 calls in-process with `inject`: the
 * reader site reads through the same routes, validation and services as any other client.
 */
export function injectTransport(app: FastifyInstance): ApiFetch {
  return async (url, init) => {
    const body = init.body;
    if (body !== undefined && body !== null && typeof body !== 'string') {
      throw new Error('The server renderer only sends JSON bodies');
    }
    const response = await app.inject({
      method: (init.method ?? 'GET') as 'GET' | 'POST' | 'PUT' | 'DELETE',
      url,
      // Marked as the renderer's: the page host counts the page's view, not this call.
      headers: { ...headerRecord(init.headers), [RENDER_HEADER]: app.renderMark.token },
      ...(body ? { payload: body } : {}),
    });
    return inProcessAnswer(response.statusCode, response.body);
  };
}

/**
 * An answer as the renderer reads it: its status and its JSON, parsed when asked for. A WHATWG
 * `Response` would wrap the text in a stream to read it back; on an uncached page of four calls
 * that cost more than parsing the JSON itself.
 */
function inProcessAnswer(status: number, body: string): ApiResponse {
  return {
    status,
    ok: status >= 200 && status < 300,
    json: async () => JSON.parse(body) as unknown,
  };
}
