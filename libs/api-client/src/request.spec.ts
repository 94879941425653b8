/**
 * @jest-environment node
 */
import { ApiError, apiRequest, errorMessage, fieldErrors, onSessionEnded } from '@portal/api-client/request';

function respond(status: number, body: string, statusText = '') {
  global.fetch = jest.fn().mockResolvedValue(new Response(body || null, { status, statusText }));
}

/** The same answer to every call (a Response body can be read once). */
function respondAlways(status: number, body: string) {
  global.fetch = jest.fn().mockImplementation(async () => new Response(body, { status }));
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

  it('tells its listeners when a session has ended elsewhere, not when a sign-in fails', async () => {
    const listener = jest.fn();
    const stop = onSessionEnded(listener);
    respondAlways(401, '{"statusCode":401,"message":"Usuario o contraseña incorrectos."}');
    await expect(apiRequest('POST', '/api/login', { username: 'padre', password: 'x' })).rejects.toThrow('401');
    await expect(apiRequest('GET', '/api/user')).rejects.toThrow('401');
    expect(listener).not.toHaveBeenCalled();
    respondAlways(401, '{"statusCode":401,"message":"Debes iniciar sesión para continuar."}');
    await expect(apiRequest('PUT', '/api/my-family/rsvp', { awardsRsvp: true })).rejects.toThrow('401');
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
    await expect(apiRequest('GET', '/api/events')).rejects.toThrow('401');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("gives the server's first message for each field of a 400", async () => {
    respond(400, '{"statusCode":400,"message":"x","errors":{"newPassword":["Esa contraseña es demasiado común. Elige otra."]}}');
    const error = await apiRequest('PUT', '/api/user/password', {}).catch((caught: unknown) => caught);
    expect(fieldErrors(error)).toEqual({ newPassword: 'Esa contraseña es demasiado común. Elige otra.' });
    expect(fieldErrors(new ApiError(409, '{"errors":{"email":["a"]}}', ''))).toEqual({});
    expect(fieldErrors(new ApiError(400, '<html>', ''))).toEqual({});
  });

  it('returns nothing for 204 No Content', async () => {
    respond(204, '');
    await expect(apiRequest('POST', '/api/logout')).resolves.toBeUndefined();
  });
});
