import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { ACTION_NAMES, can, type Action } from '@newsroom/contract';
import type { SessionAdmin } from './service.ts';
import type { Actor } from '../domain/actor.ts';
import { DomainError } from '../domain/errors.ts';
import { BEARER_AUTH } from '../http/openapi.ts';
import { isTrustedOrigin, type TrustedOrigins } from '../security/origins.ts';
import { ACCESS_COOKIE } from './cookies.ts';

export interface AdminRoute {
  method: string;
  url: string;
  /** What the route does, in the role table's terms (contract roles.ts). */
  action: () => Action | undefined;
}

declare module 'fastify' {
  interface FastifyRequest {
    admin: SessionAdmin | null;
  }
  interface FastifyInstance {
    /** Every route registered behind the admin guard, for audits and tests. */
    adminRoutes: AdminRoute[];
  }
  interface FastifyContextConfig {
    /** The action of the role table the route performs: the guard refuses roles without it. */
    action?: Action;
    /**
     * Also accept the access-token cookie when no bearer header is sent, from the site or an
     * allowed front end: for event streams a browser's EventSource opens (decision 110).
     */
    sessionCookie?: boolean;
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
 * The access-token cookie of a request to a route that accepts it, sent by the site or an allowed
 * front end (a browser's EventSource cannot send the bearer header).
 */
function sessionCookieOf(request: FastifyRequest, site: TrustedOrigins): string | null {
  if (!request.routeOptions.config.sessionCookie) return null;
  if (!isTrustedOrigin(request.headers.origin, request.host, site)) return null;
  return request.cookies[ACCESS_COOKIE] ?? null;
}

/** A refusal: the person is signed in, but their role may not do this (403, nothing changed). */
export const forbidden = (action: Action) =>
  new DomainError('FORBIDDEN', `Your role may not ${ACTION_NAMES[action]}`);

const enrolmentFirst = () =>
  new DomainError(
    'FORBIDDEN',
    'This site requires two-factor sign-in for your account: turn it on under Security (scan the code with an authenticator app and enter a code) before going on',
  );

/**
 * Puts every route of this scope behind staff authentication and the role table (decision 099).
 * Each route names its action (`actionsOfScope`); the check runs on `onRequest`, before the body
 * is even parsed, so a refused call reads and writes nothing. The app does not start while a
 * route of the scope names no action.
 */
export function guardAdminScope(app: FastifyInstance) {
  app.decorateRequest('admin', null);
  app.addHook('onRoute', (route) => {
    // The OpenAPI document names the bearer token on every route of the scope.
    route.schema = { ...route.schema, security: [{ [BEARER_AUTH]: [] }] };
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    // The scope of each route sets its action in an `onRoute` hook of its own, after this one.
    const action = () => route.config?.action;
    for (const method of methods) {
      if (method !== 'HEAD') app.adminRoutes.push({ method, url: route.url, action });
    }
  });
  app.addHook('onReady', async () => {
    const bare = app.adminRoutes.filter((route) => route.action() === undefined);
    if (bare.length > 0) {
      const names = bare.map((route) => `${route.method} ${route.url}`).join(', ');
      throw new Error(`admin routes without an action of the role table: ${names}`);
    }
  });
  app.addHook('onRequest', async (request) => {
    const token = bearer(request) ?? sessionCookieOf(request, app.config);
    if (!token) throw new DomainError('UNAUTHORIZED', 'Please sign in to continue');
    const admin = await app.services.auth.authenticate(token);
    if (!admin) {
      throw new DomainError(
        'UNAUTHORIZED',
        'Your session has expired or is invalid. Please sign in again',
      );
    }
    const { action } = request.routeOptions.config;
    if (!action) throw new Error(`no action of the role table for ${request.url}`);
    if (!can(admin.role, action)) throw forbidden(action);
    // A person the site requires two-factor sign-in of, signed in without it: their account's
    // calls only (turning it on among them) until it is on (decision 101).
    if (admin.enrolmentRequired && action !== 'account') throw enrolmentFirst();
    request.admin = admin;
  });
}

/**
 * Names the action of every route of this scope: `read` for GET, `write` for any other method,
 * unless the route names its own (`config.action`).
 */
export function actionsOfScope(scope: FastifyInstance, actions: { read: Action; write: Action }) {
  scope.addHook('onRoute', (route: RouteOptions) => {
    if (route.config?.action) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const reads = methods.every((method) => method === 'GET' || method === 'HEAD');
    route.config = { ...route.config, action: reads ? actions.read : actions.write };
  });
}

/** The admin the guard let in; only for handlers registered behind `guardAdminScope`. */
export function signedInAdmin(request: FastifyRequest): SessionAdmin {
  if (!request.admin) throw new DomainError('UNAUTHORIZED', 'Please sign in to continue');
  return request.admin;
}

/** Who makes the call, for the role table's checks on what it writes and for the audit trail. */
export function signedInActor(request: FastifyRequest): Actor {
  const { id, role } = signedInAdmin(request);
  return { id, role, address: request.ip };
}
