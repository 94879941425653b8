import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { OpenAPIObject } from '@nestjs/swagger';
import { apiRoutes } from '../src/common/routes';
import { ANY_DATABASE, startApi, type TestApi } from './harness';

describe('the OpenAPI description', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startApi(ANY_DATABASE);
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

  // The router decodes the path before it matches a route, so the check goes by the route that
  // matched, never by the URL's text.
  const ENCODED = [
    '/api/%64ocs/openapi.json',
    '/api/%64%6f%63%73/openapi.yaml',
    '/api/%64OCS/openapi.json',
    '/%61pi/docs/openapi.json',
    '/api/docs/%6fpenapi.json',
    '/api/docs/openapi%2Ejson',
    '/api/docs%2Fopenapi.json',
    '/api%2Fdocs%2Fopenapi.json',
    '/api/docs//openapi.json',
    '//api/docs/openapi.json',
    '/api//docs/openapi.json',
    '/api/./docs/openapi.json',
    '/api/x/../docs/openapi.json',
    '/api/%2e%2e/api/docs/openapi.json',
    '/API/docs/openapi.json',
    '/api/Docs/openapi.json',
    '/api/docs/OPENAPI.JSON',
    '/api/docs/openapi.json?x=1',
    '/api/docs/openapi.json;x',
    '/api/docs/openapi.json#x',
    '/api/%64ocs',
    '/api/%64ocs/',
    '/api/%64ocs/start.js',
    '/api/%64ocs/swagger-ui-bundle.js',
    '/api/docs/swagger%2Dui-bundle.js',
  ];

  it.each([
    ['without the built front ends', false],
    ['with the built front ends served too (a catch-all route)', true],
  ])('refuses every encoded spelling of the docs to anonymous users and parents, %s', async (_name, serveWeb) => {
    const webRoot = mkdtempSync(path.join(tmpdir(), 'portal-docs-'));
    mkdirSync(path.join(webRoot, 'shell/dist'), { recursive: true });
    writeFileSync(path.join(webRoot, 'shell/dist/index.html'), '<!doctype html><title>shell</title>');
    const other = await startApi(ANY_DATABASE, serveWeb ? { SERVE_WEB: 'true', WEB_ROOT: webRoot } : {});
    try {
      const parent = await other.signedIn('parent');
      const admin = await other.signedIn('admin');
      for (const url of ENCODED) {
        for (const [who, agent] of [
          ['anonymous', other.agent()],
          ['parent', parent],
        ] as const) {
          const response = await agent.get(url);
          const leaked = /openapi|swagger|SwaggerUIBundle/i.test(response.text);
          const refused = [401, 403, 404].includes(response.status);
          expect({ url, who, status: response.status, refused, leaked }).toEqual({
            url,
            who,
            status: response.status,
            refused: true,
            leaked: false,
          });
          if (response.status === 404) expect((await admin.get(url)).status).toBe(404);
        }
      }
    } finally {
      await other.close();
      rmSync(webRoot, { recursive: true, force: true });
    }
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

  it("describes a body's list of objects by the list's own rules", async () => {
    const admin = await api.signedIn('admin');
    const schemas = (await admin.get<OpenAPIObject>('/api/docs/openapi.json')).body.components!.schemas! as Record<
      string,
      { properties: Record<string, Record<string, unknown>>; required: string[] }
    >;
    expect(schemas.OpenClassDto!.properties.payments).toEqual({
      type: 'array',
      items: { $ref: '#/components/schemas/ConfirmedPaymentDto' },
      minItems: 6,
      maxItems: 6,
    });
    expect(schemas.ConfirmedPaymentDto!.required).toEqual(['id', 'date', 'amountQuetzales', 'twinsAmountQuetzales']);
    expect(schemas.ConfirmedPaymentDto!.properties.amountQuetzales).toEqual({
      type: 'number',
      nullable: true,
      minimum: 0,
      maximum: 1_000_000,
    });
    expect(schemas.OpenClassDto!.properties.events!.items).toEqual({ $ref: '#/components/schemas/ConfirmedEventDto' });
    expect(schemas.ClosingDto!.properties.waivers!.items).toEqual({ $ref: '#/components/schemas/ClosingWaiverDto' });
  });
});
