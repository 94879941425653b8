import { ArgumentsHost, Catch, HttpException, HttpStatus, type ExceptionFilter } from '@nestjs/common';
import { errorCodes, type FastifyReply, type FastifyRequest } from 'fastify';
import type { ApiErrorBody } from '@portal/contracts';

export const MESSAGES = {
  notFound: 'No encontramos lo que buscas.',
  unavailable: 'El servicio no está disponible en este momento. Intenta de nuevo en unos minutos.',
  unexpected: 'Ocurrió un error inesperado. Intenta de nuevo.',
  duplicate: 'Ya existe un registro con esos datos.',
  tooLarge: 'La solicitud es demasiado grande.',
  badJson: 'El cuerpo de la solicitud no es JSON válido.',
  notObject: 'El cuerpo de la solicitud debe ser un objeto JSON.',
  mediaType: 'Tipo de contenido no admitido: envía los datos como JSON.',
  badRequest: 'La solicitud no es válida.',
  concurrentChange: 'Otra persona estaba cambiando estos datos al mismo tiempo. Intenta de nuevo.',
} as const;

const FASTIFY_MESSAGES: Record<number, string> = {
  [HttpStatus.PAYLOAD_TOO_LARGE]: MESSAGES.tooLarge,
  [HttpStatus.UNSUPPORTED_MEDIA_TYPE]: MESSAGES.mediaType,
  [HttpStatus.NOT_FOUND]: MESSAGES.notFound,
  431: 'Los encabezados de la solicitud son demasiado grandes.',
  [HttpStatus.REQUEST_TIMEOUT]: 'La solicitud tardó demasiado en llegar.',
};

/** Fastify's own 400s that Nest passes on as plain text (its code dropped), known by that text. */
const FASTIFY_TEXTS = new Map<string, string>([
  [new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY().message, MESSAGES.badJson],
  [new errorCodes.FST_ERR_CTP_EMPTY_JSON_BODY().message, MESSAGES.badJson],
]);

/** Driver codes for a database that is unreachable, gone mid-query, full or locked: a 503. */
const DATABASE_DOWN = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'PROTOCOL_ENQUEUE_AFTER_FATAL_ERROR',
  'ER_CON_COUNT_ERROR',
  'ER_SERVER_SHUTDOWN',
  'ER_CONNECTION_KILLED',
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  'SQLITE_CANTOPEN',
]);
const DUPLICATE = new Set(['ER_DUP_ENTRY', 'SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY']);
/** A lock conflict with another transaction that outlasted Database's retries: nothing was written. */
const LOCK_CONFLICT = new Set(['ER_LOCK_DEADLOCK', 'ER_LOCK_WAIT_TIMEOUT']);

interface ErrorWithCode {
  code?: string;
  driverError?: { code?: string };
}

/** Maps any error to `{ statusCode, message }` with a Spanish message; 5xx never leak details. */
export function toErrorBody(error: unknown): ApiErrorBody {
  if (error instanceof HttpException) {
    const status = error.getStatus();
    const response = error.getResponse();
    if (typeof response === 'object' && response !== null) {
      const { message, errors, details } = response as Pick<ApiErrorBody, 'errors' | 'details'> & { message?: unknown };
      const text = Array.isArray(message) ? message.join(' ') : typeof message === 'string' ? message : error.message;
      // Nest's own "Cannot GET /x" for unknown routes.
      const spanish = status === HttpStatus.NOT_FOUND && /^Cannot [A-Z]+ /.test(text) ? MESSAGES.notFound : text;
      return { statusCode: status, message: spanish, ...(errors && { errors }), ...(details && status < 500 && { details }) };
    }
    // A plain-string HttpException is Nest's wrapping of a Fastify error (body too large,
    // unsupported content type, ...), whose English text is replaced by ours.
    return { statusCode: status, message: FASTIFY_TEXTS.get(error.message) ?? FASTIFY_MESSAGES[status] ?? MESSAGES.badRequest };
  }
  // An error that carries its own 4xx (a static file's refused path, Fastify's bad URL): that
  // status with our message, never a 500 with a stack trace.
  const { statusCode, status } = (error ?? {}) as { statusCode?: unknown; status?: unknown };
  const clientStatus = [statusCode, status].find((value) => typeof value === 'number' && value >= 400 && value < 500) as number | undefined;
  if (clientStatus) return { statusCode: clientStatus, message: FASTIFY_MESSAGES[clientStatus] ?? MESSAGES.badRequest };
  const { code, driverError } = (error ?? {}) as ErrorWithCode;
  const dbCode = driverError?.code ?? code ?? '';
  if (DATABASE_DOWN.has(dbCode)) return { statusCode: HttpStatus.SERVICE_UNAVAILABLE, message: MESSAGES.unavailable };
  if (DUPLICATE.has(dbCode)) return { statusCode: HttpStatus.CONFLICT, message: MESSAGES.duplicate };
  if (LOCK_CONFLICT.has(dbCode)) return { statusCode: HttpStatus.CONFLICT, message: MESSAGES.concurrentChange };
  return { statusCode: HttpStatus.INTERNAL_SERVER_ERROR, message: MESSAGES.unexpected };
}

@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  catch(error: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const request = http.getRequest<FastifyRequest>();
    const body = toErrorBody(error);
    // The request's logger carries its id; the error serializer drops SQL values (common/logging.ts).
    if (body.statusCode >= 500) request.log.error({ err: error, statusCode: body.statusCode }, 'request failed');
    void reply.status(body.statusCode).send(body);
  }
}
