/**
 * @jest-environment node
 */
import { ApiError, apiRequest, errorMessage } from '@portal/api-client/request';

function respond(status: number, body: string, statusText = '') {
  global.fetch = jest.fn().mockResolvedValue(new Response(body || null, { status, statusText }));
}

describe('apiRequest', () => {
  it('sends JSON with the session cookie and parses the answer', async () => {
    respond(200, '{"id":1}');
    await expect(apiRequest('POST', '/api/families', { graduateName: 'Ana' })).resolves.toEqual({ id: 1 });
    expect(global.fetch).toHaveBeenCalledWith('/api/families', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: '{"graduateName":"Ana"}',
    });
  });

  it('makes the error message "STATUS: body", as the original client did', async () => {
    respond(409, '{"statusCode":409,"message":"No hay mesas suficientes: quedan 3 mesas disponibles."}');
    const error = await apiRequest('POST', '/api/families', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('409: {"statusCode":409,"message":"No hay mesas suficientes: quedan 3 mesas disponibles."}');
    expect(errorMessage(error)).toBe('No hay mesas suficientes: quedan 3 mesas disponibles.');
  });

  it('uses the status text when the body is empty', async () => {
    respond(500, '', 'Internal Server Error');
    await expect(apiRequest('GET', '/api/stats')).rejects.toThrow('500: Internal Server Error');
  });

  it('speaks of the connection when the network fails or a proxy answers', async () => {
    expect(errorMessage(new TypeError('Failed to fetch'))).toMatch(/conexión/);
    expect(errorMessage(new ApiError(502, '<html>Bad Gateway</html>', 'Bad Gateway'))).toMatch(/conexión/);
  });

  it('returns nothing for 204 No Content', async () => {
    respond(204, '');
    await expect(apiRequest('POST', '/api/logout')).resolves.toBeUndefined();
  });
});
