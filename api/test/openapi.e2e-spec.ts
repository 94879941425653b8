import type { OpenAPIObject } from '@nestjs/swagger';
import { apiRoutes } from '../src/common/routes';
import { startApi, type TestApi } from './harness';

describe('the OpenAPI description', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startApi('sqlite');
  });
  afterAll(() => api.close());

  it('is for administrators only', async () => {
    const parent = await api.signedIn('parent');
    for (const url of ['/api/docs', '/api/docs/openapi.json', '/api/docs/openapi.yaml', '/api/docs/swagger-ui-bundle.js']) {
      expect({ url, status: (await api.agent().get(url)).status }).toEqual({ url, status: 401 });
      expect({ url, status: (await parent.get(url)).status }).toEqual({ url, status: 403 });
    }
    const admin = await api.signedIn('admin');
    const page = await admin.get('/api/docs');
    expect(page.status).toBe(200);
    expect(page.text).toContain('swagger-ui-bundle.js');
    expect((await admin.get('/api/docs/swagger-ui-bundle.js')).status).toBe(200);
  });

  it('lists every route of the API with its method', async () => {
    const admin = await api.signedIn('admin');
    const document = (await admin.get<OpenAPIObject>('/api/docs/openapi.json')).body;
    const routes = apiRoutes(api.app).filter((route) => !route.url.startsWith('/api/docs'));
    expect(routes.length).toBeGreaterThan(30);
    const missing = routes.filter(({ method, url }) => {
      const path = url.replace(/:(\w+)/g, '{$1}');
      return !document.paths[path]?.[method.toLowerCase() as 'get'];
    });
    expect(missing).toEqual([]);
  });

  it('describes request bodies from the validation rules', async () => {
    const admin = await api.signedIn('admin');
    const document = (await admin.get<OpenAPIObject>('/api/docs/openapi.json')).body;
    const body = document.paths['/api/families']!.post!.requestBody as { content: Record<string, { schema: { $ref: string } }> };
    const name = body.content['application/json']!.schema.$ref.split('/').pop()!;
    const schema = document.components!.schemas![name] as {
      properties: Record<string, { type?: string; maxLength?: number }>;
      required: string[];
    };
    expect(Object.keys(schema.properties)).toEqual(
      expect.arrayContaining(['graduateName', 'contactName', 'email', 'phone', 'tablesBooked', 'hasPaid']),
    );
    expect(schema.required).toEqual(expect.arrayContaining(['graduateName', 'contactName', 'email', 'phone']));
  });
});
