import { FASTIFY_ROUTE_CONFIG_METADATA } from '@nestjs/platform-fastify/constants';
import type { FastifyContextConfig, FastifyRequest } from 'fastify';

/**
 * How a route meets a class other than the open one (docs/classes.md), declared on the route with
 * `@ClassScope` and read by `classScopeOf` only:
 * - `class` (the default): about the class the browser views. An archived class's instance answers
 *   it, and once the class is closed it only reads.
 * - `class-any-state`: about the class viewed too, and written whatever its state: its closing, and
 *   one's own marks of what was seen.
 * - `deployment`: about the deployment (signing in, one's account, the class switch, health, docs):
 *   the live API answers it, whichever class is viewed and whatever its state. What it writes is
 *   still checked against the class inside its transaction (ClassWriteGate).
 */
export type ClassScopeKind = 'class' | 'class-any-state' | 'deployment';

declare module 'fastify' {
  /** The route's config, where the scope travels from the decorator to the request. */
  interface FastifyContextConfig {
    classScope?: ClassScopeKind;
  }
}

/** On a handler, or on a controller for all its handlers (a handler's own wins). */
export function ClassScope(kind: Exclude<ClassScopeKind, 'class'>): ClassDecorator & MethodDecorator {
  const mark = (handler: object) => {
    const config = (Reflect.getMetadata(FASTIFY_ROUTE_CONFIG_METADATA, handler) ?? {}) as FastifyContextConfig;
    Reflect.defineMetadata(FASTIFY_ROUTE_CONFIG_METADATA, { classScope: kind, ...config }, handler);
  };
  return (target: object, _key?: string | symbol, descriptor?: PropertyDescriptor) => {
    if (descriptor) return mark(descriptor.value as object);
    // A class: every handler it declares, before Nest reads them at start.
    const prototype = (target as { prototype: object }).prototype;
    for (const name of Object.getOwnPropertyNames(prototype)) {
      const member = Object.getOwnPropertyDescriptor(prototype, name)?.value as unknown;
      if (name !== 'constructor' && typeof member === 'function') mark(member);
    }
  };
}

/** The scope of the route a request matched; `class` for a route that declares none, or none matched. */
export function classScopeOf(request: FastifyRequest): ClassScopeKind {
  return request.routeOptions.config?.classScope ?? 'class';
}
