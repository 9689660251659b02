import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SessionAdmin } from './service.ts';
import { DomainError } from '../domain/errors.ts';
import { BEARER_AUTH } from '../http/openapi.ts';

export interface AdminRoute {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    admin: SessionAdmin | null;
  }
  interface FastifyInstance {
    /** Every route registered behind the admin guard, for audits and tests. */
    adminRoutes: AdminRoute[];
  }
}

/** The bearer token of a request, if it carries one. */
export function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/**
 * Puts every route of this scope behind admin authentication. The check runs on `onRequest`,
 * before the body is even parsed, so a refused call reads and writes nothing.
 */
export function guardAdminScope(app: FastifyInstance) {
  app.decorateRequest('admin', null);
  app.addHook('onRoute', (route) => {
    // The OpenAPI document names the bearer token on every route of the scope.
    route.schema = { ...route.schema, security: [{ [BEARER_AUTH]: [] }] };
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method !== 'HEAD') app.adminRoutes.push({ method, url: route.url });
    }
  });
  app.addHook('onRequest', async (request) => {
    const token = bearer(request);
    if (!token) throw new DomainError('UNAUTHORIZED', 'Please sign in to continue');
    const admin = await app.services.auth.authenticate(token);
    if (!admin) {
      throw new DomainError(
        'UNAUTHORIZED',
        'Your session has expired or is invalid. Please sign in again',
      );
    }
    request.admin = admin;
  });
}

/** The admin the guard let in; only for handlers registered behind `guardAdminScope`. */
export function signedInAdmin(request: FastifyRequest): SessionAdmin {
  if (!request.admin) throw new DomainError('UNAUTHORIZED', 'Please sign in to continue');
  return request.admin;
}
