import { ConflictException, ForbiddenException, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { formatDayNumeric } from '@portal/format';
import { ClassStore, CLOSED_CLASS_MESSAGES as CLASS_MESSAGES, familiesAccessEnded } from './class.store';

/**
 * What a closed class still lets anyone write: signing in and out, one's own password and sessions,
 * marking pages seen, and the class's own routes (its closing).
 */
const OPEN_WHEN_CLOSED =
  /^\/api\/(login|logout|user\/password|user\/logout-all|password-reset|verify-email|my-notices-seen|my-books\/seen|class|classes|my-classes)(\/|$|\?)/;
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const CLOSED_CLASS_MESSAGES = {
  ...CLASS_MESSAGES,
  familiesEnded: (name: string, day: string) =>
    `El acceso de las familias a la ${name} terminó el ${formatDayNumeric(day)}. Si necesitas algo, comunícate con el comité.`,
} as const;

/**
 * Runs after the session guard on every route (docs/classes.md): once the class is closed nothing
 * changes it (a 409), and past the day the committee set its parents read nothing (a 403). A write
 * that passed here while the closing was being approved meets the same 409 inside its own
 * transaction (ClassWriteGate).
 */
@Injectable()
export class ClosedClassGuard implements CanActivate {
  constructor(private readonly classes: ClassStore) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const writes = !READS.has(request.method);
    const parent = request.user?.role === 'parent';
    if (!writes && !parent) return true;
    const schoolClass = await this.classes.current();
    if (schoolClass.state !== 'cerrada') return true;
    if (parent && familiesAccessEnded(schoolClass) && !request.url.startsWith('/api/logout')) {
      throw new ForbiddenException(CLOSED_CLASS_MESSAGES.familiesEnded(schoolClass.name, schoolClass.familiesReadUntil!));
    }
    if (writes && !OPEN_WHEN_CLOSED.test(request.url)) throw new ConflictException(CLOSED_CLASS_MESSAGES.readOnly(schoolClass.name));
    return true;
  }
}
