import { ConflictException, ForbiddenException, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { formatDayNumeric } from '@portal/format';
import { classScopeOf } from '../common/class-scope';
import { ClassStore, CLOSED_CLASS_MESSAGES as CLASS_MESSAGES, familiesAccessEnded } from './class.store';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const CLOSED_CLASS_MESSAGES = {
  ...CLASS_MESSAGES,
  familiesEnded: (name: string, day: string) =>
    `El acceso de las familias a la ${name} terminó el ${formatDayNumeric(day)}. Si necesitas algo, comunícate con el comité.`,
} as const;

/**
 * Runs after the session guard on every route (docs/classes.md): once the class is closed only the
 * routes whose scope says so write (common/class-scope.ts; the others get a 409), and past the day
 * the committee set its parents read nothing (a 403). A write that passed here while the closing
 * was being approved meets the same 409 inside its own transaction (ClassWriteGate).
 */
@Injectable()
export class ClosedClassGuard implements CanActivate {
  constructor(private readonly classes: ClassStore) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const writes = !READS.has(request.method);
    const parent = request.user?.role === 'parent';
    if (!writes && !parent) return true;
    const schoolClass = await this.classes.standing();
    if (schoolClass.state !== 'cerrada') return true;
    if (parent && familiesAccessEnded(schoolClass) && !request.url.startsWith('/api/logout')) {
      throw new ForbiddenException(CLOSED_CLASS_MESSAGES.familiesEnded(schoolClass.name, schoolClass.familiesReadUntil!));
    }
    if (writes && classScopeOf(request) === 'class') throw new ConflictException(CLOSED_CLASS_MESSAGES.readOnly(schoolClass.name));
    return true;
  }
}
