import { HttpException } from '@nestjs/common';
import { errorCodes } from 'fastify';
import { QueryFailedError } from 'typeorm';
import { MESSAGES, toErrorBody } from './api-exception.filter';

/** A driver error as TypeORM throws it (mysql2's errno and code). */
function mysqlError(errno: number, code: string): QueryFailedError {
  return new QueryFailedError('DELETE FROM events WHERE id = ?', [1], Object.assign(new Error(code), { errno, code }));
}

describe('toErrorBody and lock conflicts', () => {
  it.each([
    [1213, 'ER_LOCK_DEADLOCK'],
    [1205, 'ER_LOCK_WAIT_TIMEOUT'],
  ])('answers a lock conflict left after the retries (%i %s) with a Spanish 409', (errno, code) => {
    expect(toErrorBody(mysqlError(errno, code))).toEqual({
      statusCode: 409,
      message: 'Otra persona estaba cambiando estos datos al mismo tiempo. Intenta de nuevo.',
    });
  });

  it('still answers other driver errors as before', () => {
    expect(toErrorBody(mysqlError(1062, 'ER_DUP_ENTRY'))).toEqual({ statusCode: 409, message: MESSAGES.duplicate });
    expect(toErrorBody(mysqlError(2013, 'PROTOCOL_CONNECTION_LOST'))).toEqual({ statusCode: 503, message: MESSAGES.unavailable });
    expect(toErrorBody(mysqlError(1452, 'ER_NO_REFERENCED_ROW_2'))).toEqual({ statusCode: 500, message: MESSAGES.unexpected });
  });
});

describe("toErrorBody and Fastify's JSON parser", () => {
  // Nest hands a Fastify error on as `new HttpException(error.message, error.statusCode)`.
  const asNestPassesIt = (error: Error & { statusCode?: number }) => new HttpException(error.message, error.statusCode!);

  it('answers malformed or empty JSON, and prototype poisoning, with the Spanish bad-JSON 400', () => {
    for (const error of [new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY(), new errorCodes.FST_ERR_CTP_EMPTY_JSON_BODY()]) {
      expect(toErrorBody(asNestPassesIt(error))).toEqual({ statusCode: 400, message: MESSAGES.badJson });
    }
  });

  it('keeps the other Fastify refusals to their own Spanish messages', () => {
    expect(toErrorBody(asNestPassesIt(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE()))).toEqual({
      statusCode: 413,
      message: MESSAGES.tooLarge,
    });
    expect(toErrorBody(asNestPassesIt(new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE()))).toEqual({
      statusCode: 415,
      message: MESSAGES.mediaType,
    });
    expect(toErrorBody(asNestPassesIt(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH()))).toEqual({
      statusCode: 400,
      message: MESSAGES.badRequest,
    });
  });
});
