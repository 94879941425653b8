// Structured JSON logs through Fastify's pino: one line per request with its id, route, status
// and time; Nest's own messages go to the same logger. Never passwords, cookies or session ids:
// requests are logged without headers or bodies, and error details that can hold values are cut.
import { randomUUID } from 'node:crypto';
import type { LoggerService } from '@nestjs/common';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { AppConfig } from '../config';
import { fromTrustedProxy, type ProxyTrust } from './proxy';

const REQUEST_ID = /^[\w.-]{1,64}$/;

/** Paths whose segment is a secret (a calendar subscription's token, an unsubscribe link's signature): logged without it. */
const SECRET_PATHS: Array<[RegExp, string]> = [
  [/^\/api\/calendar\/[^/]*$/, '/api/calendar/[enlace].ics'],
  [/^\/api\/unsubscribe\/[^/]*$/, '/api/unsubscribe/[enlace]'],
];

/** A request's path as logged: without its query (one-time links carry tokens there) or a secret segment. */
export function pathForLogs(url: string): string {
  const path = url.split('?')[0]!;
  for (const [pattern, replacement] of SECRET_PATHS) if (pattern.test(path)) return replacement;
  return path;
}

/**
 * The request id: a well-formed X-Request-Id from a trusted proxy (TRUST_PROXY) is kept, so a
 * request can be followed from the proxy's log to ours; anyone else's is replaced, so a client
 * cannot write what our logs say.
 */
export function requestIdFrom(trust: ProxyTrust | false) {
  return (request: { headers: Record<string, string | string[] | undefined>; socket?: { remoteAddress?: string } }): string => {
    const given = request.headers['x-request-id'];
    return typeof given === 'string' && REQUEST_ID.test(given) && fromTrustedProxy(trust, request.socket?.remoteAddress)
      ? given
      : randomUUID();
  };
}

/** `stream` replaces standard output (tests read the lines). */
export function loggerOptions(
  config: Pick<AppConfig, 'logLevel' | 'nodeEnv'>,
  stream?: NodeJS.WritableStream,
): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent') return false;
  return {
    level: config.logLevel,
    stream,
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: pathForLogs(request.url),
        route: request.routeOptions?.url,
        ip: request.ip,
      }),
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
    },
    // SQL parameters and driver messages may carry personal data or password hashes.
    redact: {
      paths: ['err.parameters', 'err.sql', 'err.driverError.sql', 'err.driverError.parameters', 'req.headers', 'res.headers'],
      remove: true,
    },
    transport:
      config.nodeEnv === 'development' && !stream
        ? { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } }
        : undefined,
  };
}

/** One line per answered request (Fastify's own request logging is off: see app.ts). */
export function logRequest(request: FastifyRequest, reply: FastifyReply): void {
  // Health checks run every few seconds; they would drown everything else.
  if (request.url.startsWith('/api/health')) return;
  request.log.info(
    {
      method: request.method,
      url: pathForLogs(request.url),
      route: request.routeOptions?.url,
      statusCode: reply.statusCode,
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
      ip: request.ip,
      // Who, by id only (names and e-mails are personal data); set by the session guard.
      userId: request.user?.id,
    },
    'request completed',
  );
}

const START_UP_CHATTER = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestFactory', 'NestApplication']);

/** Nest's messages (start-up, errors) written through the same pino logger. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly pino: FastifyBaseLogger) {}

  log(message: unknown, context?: string) {
    // Nest lists every module and route at start: useful when debugging, noise otherwise.
    if (context && START_UP_CHATTER.has(context)) this.pino.debug({ context }, String(message));
    else this.pino.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.pino.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.pino.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.pino.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.pino.trace({ context }, String(message));
  }
  fatal(message: unknown, context?: string) {
    this.pino.fatal({ context }, String(message));
  }
}
