// Refusals made before any route or hook runs: a URL the router cannot decode (Fastify's
// frameworkErrors) and requests Node's HTTP parser rejects (headers too large, a method or a
// request line it cannot read: the server's clientError). They get the same security headers
// as every other answer and a Spanish JSON body, instead of Fastify's bare English ones.
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyReply, FastifyServerOptions } from 'fastify';
import type { AppConfig } from '../config';
import { toErrorBody } from './api-exception.filter';
import { securityHeaders } from './security-headers';

type EarlyErrorOptions = Required<Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'>>;

/** The status Node's parser error stands for, as Fastify's default handler maps it. */
function parserStatus(code: string | undefined): number {
  if (code === 'HPE_HEADER_OVERFLOW') return 431;
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  return 400;
}

export function earlyErrorOptions(config: Pick<AppConfig, 'adminRemoteUrl' | 'parentRemoteUrl'>): EarlyErrorOptions {
  const headers = { ...securityHeaders(config), 'cache-control': 'no-store' };
  const rawHeaders = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return {
    frameworkErrors: (error, request, reply) => {
      const body = toErrorBody(error);
      // Fastify types this reply by a route's schema, and there is no route here.
      const plain = reply as unknown as FastifyReply;
      void plain
        .code(body.statusCode)
        .headers({ ...headers, 'x-request-id': request.id })
        .type('application/json; charset=utf-8')
        .send(body);
    },
    clientErrorHandler: (error: Error & { code?: string }, socket: Socket) => {
      // A reset connection has nobody left to answer.
      if (error.code === 'ECONNRESET' || socket.destroyed) return;
      const status = parserStatus(error.code);
      const body = JSON.stringify(toErrorBody({ statusCode: status }));
      if (socket.writable) {
        socket.write(
          `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${rawHeaders}content-type: application/json; charset=utf-8\r\n` +
            `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
        );
      }
      socket.destroy();
    },
  };
}
