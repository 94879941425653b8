// Serves the built shell and remotes from the API process (what `npm start` runs). In
// docker-compose each of them is its own nginx service instead (see docs/deployment.md).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply } from 'fastify';
import type { AppConfig } from '../config';
import { MESSAGES } from '../common/api-exception.filter';

/** Routes the shell draws itself; any other path gets the shell's 404 page with status 404. */
const SHELL_ROUTES = /^\/(auth(\/(verificar|recuperar|restablecer|invitacion))?\/?|cuenta\/?|(admin|parent)(\/.*)?)?$/;
/** Files whose name carries a content hash never change and may be cached for a year (also
 * their precompressed .br/.gz twins, which is what is read when the browser accepts them). */
const HASHED = /\.[0-9a-f]{10}\.\w+(\.(br|gz))?$/;

function setCacheHeaders(reply: { setHeader(name: string, value: string): unknown }, filePath: string): void {
  reply.setHeader('Cache-Control', HASHED.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache');
  reply.setHeader('Vary', 'Accept-Encoding');
}

/** Where the shell finds each remote's manifest; read at run time, so a remote redeploys alone. */
export function remotesManifest(config: Pick<AppConfig, 'adminRemoteUrl' | 'parentRemoteUrl'>) {
  return { admin: config.adminRemoteUrl, parent: config.parentRemoteUrl };
}

/** /remotes.json, also when the front ends come from elsewhere (dev servers, nginx in front). */
export function registerRemotesManifest(app: NestFastifyApplication, config: AppConfig): void {
  app
    .getHttpAdapter()
    .getInstance()
    .get('/remotes.json', (_request, reply) => {
      void reply.header('Cache-Control', 'no-cache').send(remotesManifest(config));
    });
}

export async function registerWeb(app: NestFastifyApplication, config: AppConfig): Promise<void> {
  const logger = new Logger('Web');
  const dist = (project: string) => path.join(config.webRoot, project, 'dist');
  const indexFile = path.join(dist('shell'), 'index.html');
  if (!existsSync(indexFile)) {
    logger.warn(`No shell build at ${indexFile}: serving the API only (run "npm run build").`);
    return;
  }
  const common = { decorateReply: false, cacheControl: false, preCompressed: true, setHeaders: setCacheHeaders } as const;
  await app.register(fastifyStatic, { ...common, root: dist('shell'), prefix: '/', wildcard: false, index: false });
  // Remotes keep a wildcard route so files of a remote rebuilt while the server runs are found.
  for (const [name, project] of [
    ['admin', 'admin-app'],
    ['parent', 'parent-app'],
  ] as const) {
    if (existsSync(dist(project)))
      await app.register(fastifyStatic, { ...common, root: dist(project), prefix: `/remotes/${name}/`, wildcard: true });
  }

  const fastify = app.getHttpAdapter().getInstance();
  const indexHtml = readFileSync(indexFile);
  fastify.get('/*', (request, reply: FastifyReply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url.startsWith('/api/') || url === '/api') {
      return reply.status(404).send({ statusCode: 404, message: MESSAGES.notFound });
    }
    return reply
      .status(SHELL_ROUTES.test(url) ? 200 : 404)
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(indexHtml);
  });
}
