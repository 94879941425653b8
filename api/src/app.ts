import fastifyCookie from '@fastify/cookie';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { LogController } from 'fastify';
import { AppModule } from './app.module';
import { registerCookiePolicy } from './auth/cookie';
import { ApiExceptionFilter } from './common/api-exception.filter';
import { registerNoStore } from './common/cache-control';
import { registerCsrfCheck } from './common/csrf';
import { earlyErrorOptions } from './common/early-errors';
import { registerJsonBodyRules } from './common/json-body';
import { registerKeptReplies } from './common/json-reply';
import { loggerOptions, logRequest, PinoNestLogger, requestIdFrom } from './common/logging';
import { proxyTrust } from './common/proxy';
import { registerUploads } from './common/multipart';
import { SESSION_COOKIE, SessionsService } from './auth/sessions.service';
import { setPasswordCost } from './users/password';
import { isUnsubscribeRoute, registerUnsubscribeFormParser } from './mail/unsubscribe';
import { registerRequestTimeout } from './common/request-timeout';
import { recordRoutes } from './common/routes';
import { registerSecurityHeaders } from './common/security-headers';
import { validationPipe } from './common/validation';
import type { AppConfig } from './config';
import { seedDemo } from './demo/seed';
import { ClassArchives } from './class-cycle/archives';
import { setupOpenApi } from './docs/openapi';
import { registerRemotesManifest, registerWeb } from './web/web';

/** The whole API (and, when configured, the built front ends), ready to listen. */
export async function createApp(config: AppConfig, options: { logStream?: NodeJS.WritableStream } = {}): Promise<NestFastifyApplication> {
  setPasswordCost(config.scryptLog2N);
  const trustProxy = proxyTrust(config.trustProxy);
  const adapter = new FastifyAdapter({
    trustProxy,
    // Fastify's own JSON parser: `__proto__` and `constructor.prototype` keys are refused, not
    // stripped; the rest of what a body may be is in common/json-body.ts.
    bodyLimit: config.bodyLimit,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    logger: loggerOptions(config, options.logStream),
    // One line per request, written when it is answered (common/logging.ts).
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: requestIdFrom(trustProxy),
    ...earlyErrorOptions(config),
  });
  const fastify = adapter.getInstance();
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), adapter, {
    logger: config.logLevel === 'silent' ? false : new PinoNestLogger(fastify.log),
    abortOnError: false,
    // Fastify's parsers as configured above: Nest's would replace them.
    bodyParser: false,
  });
  recordRoutes(fastify, app);
  // On SIGTERM Fastify stops listening and waits for the requests in flight; their answers then
  // close the connection, so a keep-alive client does not hold the process open until it idles out.
  let closing = false;
  fastify.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  fastify.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    done();
  });
  fastify.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('Connection', 'close');
    done(null, payload);
  });
  // Request lines are info: at warn and above the hook is not even registered.
  if (config.logLevel === 'info' || config.logLevel === 'debug')
    fastify.addHook('onResponse', async (request, reply) => logRequest(request, reply));
  await app.register(fastifyCookie);
  registerCookiePolicy(fastify, config);
  registerSecurityHeaders(fastify, config);
  registerNoStore(fastify);
  registerRequestTimeout(fastify, config.requestTimeoutMs);
  app.setGlobalPrefix('api');
  app.useGlobalPipes(validationPipe());
  app.useGlobalFilters(new ApiExceptionFilter());
  registerJsonBodyRules(fastify);
  registerKeptReplies(fastify);
  registerUnsubscribeFormParser(fastify);
  registerCsrfCheck(fastify, config.allowedOrigins, isUnsubscribeRoute);
  // A browser viewing an archived class is answered by that class's own instance (docs/classes.md),
  // before anything reads its request further.
  if (!config.archive) app.get(ClassArchives).forwardFrom(fastify, (archiveConfig) => createApp(archiveConfig));
  // After the cross-site check: a forged upload is told so first.
  const sessions = app.get(SessionsService);
  await registerUploads(app, (token) => sessions.resolve(token), SESSION_COOKIE);
  if (!config.archive) {
    await setupOpenApi(app);
    registerRemotesManifest(app, config);
  }
  if (config.serveWeb) await registerWeb(app, config);
  app.enableShutdownHooks();
  await app.init();
  if (config.seedDemo) await seedDemo(app);
  return app;
}
