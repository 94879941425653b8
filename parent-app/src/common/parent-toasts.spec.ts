import { ApiError } from '@portal/api-client/request';
import { refusalReason } from './parent-toasts';

const refused = (status: number, message: string) => new ApiError(status, JSON.stringify({ statusCode: status, message }), '');

describe('refusalReason', () => {
  it('is the server’s Spanish reason for a refusal', () => {
    expect(refusalReason(refused(409, 'Las confirmaciones de este evento cerraron el 20/11/2026 a las 7:00 p. m.'))).toBe(
      'Las confirmaciones de este evento cerraron el 20/11/2026 a las 7:00 p. m.',
    );
    expect(refusalReason(refused(400, 'El número de personas debe ser un número entero entre 1 y 8.'))).toBe(
      'El número de personas debe ser un número entero entre 1 y 8.',
    );
  });

  it('is nothing when the server gave no reason: no connection, its own error, an ended session', () => {
    expect(refusalReason(new TypeError('Failed to fetch'))).toBeNull();
    expect(refusalReason(refused(500, 'Error interno'))).toBeNull();
    expect(refusalReason(refused(401, 'No autenticado'))).toBeNull();
  });
});
