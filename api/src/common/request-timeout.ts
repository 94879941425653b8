// A request that is still unanswered after REQUEST_TIMEOUT_MS gets a Spanish 503, whatever holds
// it (a database that stopped answering, a pool with no free connection). The work itself is
// not cancelled: a write that completes later stays written, as after any dropped connection.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES } from './api-exception.filter';

export function registerRequestTimeout(fastify: FastifyInstance, timeoutMs: number): void {
  if (timeoutMs <= 0) return;
  const timers = new WeakMap<FastifyRequest, NodeJS.Timeout>();
  fastify.addHook('onRequest', (request, reply, done) => {
    const timer = setTimeout(() => {
      if (reply.sent || reply.raw.headersSent) return;
      request.log.warn({ timeoutMs }, 'request timed out');
      void reply.code(503).type('application/json; charset=utf-8').send({ statusCode: 503, message: MESSAGES.unavailable });
    }, timeoutMs);
    timer.unref();
    timers.set(request, timer);
    done();
  });
  fastify.addHook('onResponse', (request, _reply, done) => {
    clearTimeout(timers.get(request));
    done();
  });
}
