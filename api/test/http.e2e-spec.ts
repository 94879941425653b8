import { DATABASES, startApi, type TestApi } from './harness';

describe.each(DATABASES)('HTTP errors (%s)', (kind) => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startApi(kind);
  });
  afterAll(() => api.close());

  it('answers an unknown API route with a Spanish 404', async () => {
    expect(await api.agent().get('/api/nada')).toMatchObject({ status: 404, body: { message: 'No encontramos lo que buscas.' } });
  });

  it('answers malformed JSON with a Spanish 400', async () => {
    const response = await api.agent().request('POST', '/api/login', '{"username": ', { 'content-type': 'application/json' });
    expect(response).toMatchObject({ status: 400, body: { message: 'El cuerpo de la solicitud no es JSON válido.' } });
  });

  it('refuses bodies that are not JSON with 415', async () => {
    const response = await api
      .agent()
      .request('POST', '/api/login', 'username=a&password=b', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(response).toMatchObject({ status: 415, body: { message: 'Tipo de contenido no admitido: envía los datos como JSON.' } });
  });

  it('refuses bodies over the size limit with 413', async () => {
    const response = await api.agent().post('/api/login', { username: 'x'.repeat(api.config.bodyLimit), password: 'y' });
    expect(response).toMatchObject({ status: 413, body: { message: 'La solicitud es demasiado grande.' } });
  });

  it('refuses JSON that tries to reach the object prototype', async () => {
    for (const payload of [
      '{"username":"a","password":"b","__proto__":{"role":"admin"}}',
      '{"constructor":{"prototype":{"role":"admin"}}}',
    ]) {
      const response = await api.agent().request('POST', '/api/login', payload);
      expect({ payload, status: response.status, message: (response.body as { message?: string }).message }).toEqual({
        payload,
        status: 400,
        message: 'El cuerpo de la solicitud no es JSON válido.',
      });
    }
  });

  it('takes an empty body sent with the JSON type as no body', async () => {
    const agent = await api.signedIn('parent');
    const response = await agent.request('POST', '/api/logout', '', { 'content-type': 'application/json', 'content-length': '0' });
    expect(response.status).toBe(204);
    expect((await agent.get('/api/user')).status).toBe(401);
  });

  it('answers a body that is not a JSON object with a Spanish 400', async () => {
    for (const payload of ['null', '[]', '42', '"texto"']) {
      const response = await api.agent().request('POST', '/api/login', payload);
      expect({ payload, status: response.status, body: response.body }).toEqual({
        payload,
        status: 400,
        body: { statusCode: 400, message: 'El cuerpo de la solicitud debe ser un objeto JSON.' },
      });
    }
  });
});
