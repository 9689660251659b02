import type { FastifyInstance } from 'fastify';
import type { ApiFetch } from '@newsroom/contract';
import { RENDER_HEADER } from '../http/render-mark.ts';

function headerRecord(init: RequestInit['headers']): Record<string, string> {
  return Object.fromEntries(new Headers(init).entries());
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
    const headers = new Headers();
    const contentType = response.headers['content-type'];
    if (typeof contentType === 'string') headers.set('content-type', contentType);
    const empty = response.statusCode === 204 || response.statusCode === 304;
    return new Response(empty ? null : response.body, { status: response.statusCode, headers });
  };
}
