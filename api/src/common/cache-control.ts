// Answers are personal (a family's data, payments, the session's user) or change with every
// write, so none may be kept by a browser or a shared cache unless its route says so itself:
// the static files (hashed ones for a year, entries revalidated), the shell's page and
// /remotes.json. Everything else, errors, downloads and the API docs included, is no-store.
import type { FastifyInstance } from 'fastify';

export function registerNoStore(fastify: FastifyInstance): void {
  fastify.addHook('onSend', (_request, reply, payload, done) => {
    // @fastify/static writes its Cache-Control on the raw response.
    if (!reply.hasHeader('cache-control') && !reply.raw.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
    done(null, payload);
  });
}
