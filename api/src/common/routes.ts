import type { FastifyContextConfig, FastifyInstance, RouteOptions } from 'fastify';
import type { ClassScopeKind } from './class-scope';

export interface RouteInfo {
  method: string;
  /** Fastify's form: `/api/families/:id`. */
  url: string;
  /** How it meets a class other than the open one (class-scope.ts). */
  classScope: ClassScopeKind;
}

const tables = new WeakMap<object, RouteOptions[]>();

/** Records every route registered from now on: the app's real route table, for tests and docs. */
export function recordRoutes(fastify: FastifyInstance, owner: object): void {
  const routes: RouteOptions[] = [];
  tables.set(owner, routes);
  // The options themselves: a later onRoute hook may still add to their config.
  fastify.addHook('onRoute', (options) => void routes.push(options));
}

/** The API routes (`/api/...`) the application serves. */
export function apiRoutes(owner: object): RouteInfo[] {
  return (tables.get(owner) ?? []).flatMap(({ method, url, config }) =>
    url.startsWith('/api/')
      ? [method]
          .flat()
          .filter((one) => one !== 'HEAD')
          .map((one) => ({ method: one, url, classScope: (config as FastifyContextConfig | undefined)?.classScope ?? 'class' }))
      : [],
  );
}
