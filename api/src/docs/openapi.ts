// The OpenAPI description, generated from the controllers, with request bodies described from
// the DTOs' class-validator rules. Served at /api/docs (Swagger UI), /api/docs/openapi.json and
// /api/docs/openapi.yaml, to administrators only.
import fastifyStatic from '@fastify/static';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
// Only the folder's path: the package's main module would run Swagger UI's 1.5 MB browser bundle
// in the API process at every start (about 0.8 s and 40 MB of RSS, for nothing).
import getAbsoluteFSPath from 'swagger-ui-dist/absolute-path.js';
import { validationMetadatasToSchemas } from 'class-validator-jsonschema';
// Where `@Type(() => …)` is kept: a nested body (a list of objects) is described by its own DTO.
import { defaultMetadataStorage } from 'class-transformer/cjs/storage';
import { SESSION_COOKIE, SessionsService } from '../auth/sessions.service';

export const DOCS_PATH = 'api/docs';

export function openApiDocument(app: NestFastifyApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Portal de graduación')
    .setDescription(
      'API del portal de la promoción. Todas las rutas usan la cookie de sesión; los errores son { statusCode, message, errors? }.',
    )
    .setVersion('1')
    .addCookieAuth(SESSION_COOKIE)
    .build();
  const document = SwaggerModule.createDocument(app, config);
  const schemas = validationMetadatasToSchemas({
    refPointerPrefix: '#/components/schemas/',
    classTransformerMetadataStorage: defaultMetadataStorage,
  });
  document.components = {
    ...document.components,
    schemas: { ...document.components?.schemas, ...(schemas as OpenAPIObject['components']) },
  };
  return document;
}

const UI_PAGE = `<!doctype html>
<html lang="es">
  <head>
    <meta charset="utf-8" />
    <title>API · Portal de graduación</title>
    <link rel="stylesheet" href="/${DOCS_PATH}/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/${DOCS_PATH}/swagger-ui-bundle.js"></script>
    <script src="/${DOCS_PATH}/start.js"></script>
  </body>
</html>`;
// A file rather than an inline script, so the Content-Security-Policy needs no 'unsafe-inline'.
const UI_START = `window.ui = SwaggerUIBundle({ url: '/${DOCS_PATH}/openapi.json', dom_id: '#swagger-ui' });`;

/** Swagger UI and the JSON/YAML documents at /api/docs, for signed-in administrators only. */
export async function setupOpenApi(app: NestFastifyApplication): Promise<void> {
  const sessions = app.get(SessionsService);
  const fastify = app.getHttpAdapter().getInstance();
  // By the route that matched, not the URL's text: the router decodes the path first, so
  // /api/%64ocs/openapi.json reaches the same route as /api/docs/openapi.json.
  /** Whether the request was refused (and answered). */
  const refused = async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    const token = request.cookies?.[SESSION_COOKIE];
    const user = token ? await sessions.resolve(token) : null;
    if (user?.role === 'admin') return false;
    const [status, message] = user ? [403, 'No tienes permiso para realizar esta acción.'] : [401, 'Debes iniciar sesión para continuar.'];
    void reply.code(status).send({ statusCode: status, message });
    return true;
  };
  const isDocs = (route: string | undefined) => route !== undefined && (route === `/${DOCS_PATH}` || route.startsWith(`/${DOCS_PATH}/`));
  // A callback hook: every other request passes straight through, with no promise of its own.
  fastify.addHook('onRequest', (request, reply, done) => {
    if (!isDocs(request.routeOptions.url)) return done();
    refused(request, reply).then((answered) => answered || done(), done);
  });
  // The deployment's own pages, whichever class a browser views (common/class-scope.ts).
  fastify.addHook('onRoute', (options) => {
    if (isDocs(options.url)) options.config = { ...options.config, classScope: 'deployment' };
  });
  // JSON and YAML only from Nest's module; the UI's files are served here (see web/web.ts for why
  // static files are registered by the API itself).
  SwaggerModule.setup(DOCS_PATH, app, () => openApiDocument(app), {
    swaggerUiEnabled: false,
    raw: ['json', 'yaml'],
    jsonDocumentUrl: `${DOCS_PATH}/openapi.json`,
    yamlDocumentUrl: `${DOCS_PATH}/openapi.yaml`,
  });
  await app.register(fastifyStatic, {
    root: getAbsoluteFSPath(),
    prefix: `/${DOCS_PATH}/`,
    decorateReply: false,
    // Admin-only files: no-store like every API answer (common/cache-control.ts).
    cacheControl: false,
    index: false,
    wildcard: false,
  });
  fastify.get(`/${DOCS_PATH}`, (_request, reply) => reply.type('text/html; charset=utf-8').send(UI_PAGE));
  fastify.get(`/${DOCS_PATH}/start.js`, (_request, reply) => reply.type('text/javascript; charset=utf-8').send(UI_START));
}
