import type { FastifyInstance } from 'fastify';

export interface RouteInfo {
  method: string;
  /** Fastify's form: `/api/families/:id`. */
  url: string;
}

const tables = new WeakMap<object, RouteInfo[]>();

/** Records every route registered from now on: the app's real route table, for tests and docs. */
export function recordRoutes(fastify: FastifyInstance, owner: object): void {
  const routes: RouteInfo[] = [];
  tables.set(owner, routes);
  fastify.addHook('onRoute', ({ method, url }) => {
    for (const one of [method].flat()) if (one !== 'HEAD') routes.push({ method: one, url });
  });
}

/** The API routes (`/api/...`) the application serves. */
export function apiRoutes(owner: object): RouteInfo[] {
  return (tables.get(owner) ?? []).filter((route) => route.url.startsWith('/api/'));
}
