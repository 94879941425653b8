import { ForbiddenException, Injectable, UnauthorizedException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import type { Role } from '@portal/contracts';
import { IS_PUBLIC, ROLES } from '../common/auth.decorators';
import { ARCHIVE_USER_HEADER, SESSION_COOKIE, SessionsService } from './sessions.service';

/**
 * Runs on every route: loads the session's user, then applies @Public() and @Roles(). Without
 * @Roles() any admin or parent may call the route, never a door account (default deny).
 */
@Injectable()
export class SessionGuard implements CanActivate {
  private readonly policies = new WeakMap<object, Policy>();

  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionsService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const token = request.cookies?.[SESSION_COOKIE];
    if (this.sessions.servesArchive) request.user = await this.sessions.forwarded(request.headers[ARCHIVE_USER_HEADER]);
    else request.user = token ? await this.sessions.resolve(token) : null;

    const { isPublic, roles } = this.policyOf(context);
    if (isPublic) return true;
    if (!request.user) throw new UnauthorizedException('Debes iniciar sesión para continuar.');
    // A route without @Roles() is for full accounts; a door account reaches only routes that name it.
    if (roles ? !roles.includes(request.user.role) : request.user.role === 'door') {
      throw new ForbiddenException('No tienes permiso para realizar esta acción.');
    }
    return true;
  }

  /** A route's @Public() and @Roles(), read from its metadata once. */
  private policyOf(context: ExecutionContext): Policy {
    const handler = context.getHandler();
    let policy = this.policies.get(handler);
    if (!policy) {
      const targets = [handler, context.getClass()];
      policy = {
        isPublic: this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets) ?? false,
        roles: this.reflector.getAllAndOverride<Role[] | undefined>(ROLES, targets),
      };
      this.policies.set(handler, policy);
    }
    return policy;
  }
}

interface Policy {
  isPublic: boolean;
  roles: Role[] | undefined;
}
