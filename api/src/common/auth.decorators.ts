import { createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Role, User } from '@portal/contracts';

export const IS_PUBLIC = 'portal:isPublic';
export const ROLES = 'portal:roles';

/** Open to anyone, signed in or not. Every other route needs a session. */
export const Public = () => SetMetadata(IS_PUBLIC, true);

/** Only these roles may call the route or controller (403 for the others). */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES, roles);

/**
 * The signed-in user: the session guard has already refused anonymous callers, except on a
 * @Public() route, where it is null when no one is signed in.
 */
export const CurrentUser = createParamDecorator((_: unknown, context: ExecutionContext): User => {
  return context.switchToHttp().getRequest<FastifyRequest>().user as User;
});

declare module 'fastify' {
  interface FastifyRequest {
    user?: User | null;
  }
}
