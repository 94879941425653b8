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
