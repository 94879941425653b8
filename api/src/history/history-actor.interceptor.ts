import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Observable } from 'rxjs';
import { runAs } from './record';

/** Runs every route as its signed-in user (the session guard ran first), for recordChange. */
@Injectable()
export class HistoryActorInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const user = context.switchToHttp().getRequest<FastifyRequest>().user ?? null;
    return runAs(user, () => next.handle());
  }
}
