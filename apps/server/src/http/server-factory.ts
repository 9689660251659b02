import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyServerFactory } from 'fastify';

/** Something that may answer a request before the framework; false hands it on. */
export interface Front {
  serve(request: IncomingMessage, response: ServerResponse): boolean;
}

/** Where the front is put once the app is ready (it needs the app's cache and headers). */
export interface FrontSlot {
  front: Front | null;
}

/**
 * The HTTP server, with every request offered to the front first (the public cache's front
 * door, cache/hit-server.ts) and otherwise to Fastify. The settings Fastify applies to a server
 * it makes itself are applied here the same way.
 */
export function serverWithFront(slot: FrontSlot): FastifyServerFactory {
  return (handler, options) => {
    const server = http.createServer(options.http ?? {}, (request, response) => {
      if (slot.front?.serve(request, response)) return;
      handler(request, response);
    });
    if (typeof options.keepAliveTimeout === 'number') {
      server.keepAliveTimeout = options.keepAliveTimeout;
    }
    if (typeof options.requestTimeout === 'number') server.requestTimeout = options.requestTimeout;
    if (typeof options.connectionTimeout === 'number') server.setTimeout(options.connectionTimeout);
    if (typeof options.maxRequestsPerSocket === 'number' && options.maxRequestsPerSocket > 0) {
      server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    }
    return server;
  };
}
