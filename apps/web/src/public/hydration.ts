import type { DehydratedState } from '@tanstack/react-query';
import {
  UNSAFE_ErrorResponseImpl as ErrorResponseImpl,
  isRouteErrorResponse,
  type HydrationState,
  type StaticHandlerContext,
} from 'react-router';

/** The id of the <script type="application/json"> that carries the server's data to the page. */
export const STATE_ELEMENT_ID = 'app-state';

type SerializedError =
  | { __type: 'RouteErrorResponse'; status: number; statusText: string; data: unknown }
  | { __type: 'Error'; message: string };

export interface SerializedRouterState {
  loaderData: Record<string, unknown>;
  actionData: Record<string, unknown> | null;
  errors: Record<string, SerializedError> | null;
}

/** Everything the browser needs to hydrate exactly what the server rendered. */
export interface PublicState {
  router: SerializedRouterState;
  query: DehydratedState;
}

/** Route errors as JSON (route error responses keep their status, other errors their message). */
export function serializeRouterState(context: StaticHandlerContext): SerializedRouterState {
  let errors: Record<string, SerializedError> | null = null;
  for (const [routeId, error] of Object.entries(context.errors ?? {})) {
    errors ??= {};
    errors[routeId] = isRouteErrorResponse(error)
      ? {
          __type: 'RouteErrorResponse',
          status: error.status,
          statusText: error.statusText,
          data: error.data,
        }
      : { __type: 'Error', message: error instanceof Error ? error.message : 'Unexpected error' };
  }
  return { loaderData: context.loaderData, actionData: context.actionData, errors };
}

export function deserializeRouterState(state: SerializedRouterState): HydrationState {
  const errors: Record<string, unknown> = {};
  for (const [routeId, error] of Object.entries(state.errors ?? {})) {
    errors[routeId] =
      error.__type === 'RouteErrorResponse'
        ? new ErrorResponseImpl(error.status, error.statusText, error.data)
        : new Error(error.message);
  }
  return {
    loaderData: state.loaderData,
    actionData: state.actionData,
    errors: state.errors ? errors : null,
  };
}

/** The state the server embedded, or null when the page was not server-rendered. */
export function readPublicState(): PublicState | null {
  const element = document.getElementById(STATE_ELEMENT_ID);
  if (!element?.textContent) return null;
  return JSON.parse(element.textContent) as PublicState;
}

/**
 * Treats the server's data as fetched now: clocks differ, and the browser should not refetch
 * what it has just received (related news is only fresh for 2 s).
 */
export function receivedNow(state: DehydratedState, now = Date.now()): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) => ({
      ...query,
      state: {
        ...query.state,
        dataUpdatedAt: query.state.dataUpdatedAt ? now : 0,
        errorUpdatedAt: query.state.errorUpdatedAt ? now : 0,
      },
    })),
  };
}
