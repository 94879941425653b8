// No answer of the API may be kept by a browser or a shared cache (a family's data, payments, the
// signed-in user; the authorization matrix checks every route for every kind of caller). Here:
// downloads, the docs, the public config and errors of every kind, and the static files, which
// keep their own caching.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ANY_DATABASE, startApi, type TestApi } from './harness';

describe('Cache-Control', () => {
  let api: TestApi;
  let webRoot: string;

  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(tmpdir(), 'portal-cache-'));
    for (const [file, content] of Object.entries({
      'shell/dist/index.html': '<!doctype html><title>shell</title>',
      'shell/dist/main.0123456789.js': 'console.log("shell")',
      'admin-app/dist/remoteEntry.js': 'var portal_admin;',
    })) {
      mkdirSync(path.dirname(path.join(webRoot, file)), { recursive: true });
      writeFileSync(path.join(webRoot, file), content);
    }
    api = await startApi(ANY_DATABASE, { SERVE_WEB: 'true', WEB_ROOT: webRoot, BODY_LIMIT_BYTES: '1024' });
  });
  afterAll(async () => {
    await api.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('is no-store on downloads, the docs and the public configuration', async () => {
    const admin = await api.signedIn('admin');
    for (const url of [
      '/api/payment-confirmations-report?format=xlsx',
      '/api/event-rsvps-report?format=xlsx',
      '/api/payment-confirmations-report',
      '/api/docs',
      '/api/docs/openapi.json',
      '/api/docs/openapi.yaml',
      '/api/docs/swagger-ui.css',
      '/api/docs/start.js',
      '/api/config',
      '/api/health',
      '/api/user',
    ]) {
      const response = await admin.get(url);
      expect({ url, status: response.status, cacheControl: response.headers['cache-control'] }).toEqual({
        url,
        status: 200,
        cacheControl: 'no-store',
      });
    }
  });

  it('is no-store on errors: 400, 401, 403, 404, 413, 415', async () => {
    const parent = await api.signedIn('parent');
    const anonymous = api.agent();
    const responses = [
      await anonymous.request('POST', '/api/login', '{"username":', {}),
      await anonymous.get('/api/families'),
      await parent.get('/api/families'),
      await anonymous.get('/api/no-existe'),
      await anonymous.request('POST', '/api/login', JSON.stringify({ username: 'x'.repeat(2000), password: 'y' })),
      await anonymous.request('POST', '/api/login', 'username=x', { 'content-type': 'application/x-www-form-urlencoded' }),
      await anonymous.get('/api/docs/openapi.json'),
    ];
    expect(responses.map((response) => [response.status, response.headers['cache-control']])).toEqual([
      [400, 'no-store'],
      [401, 'no-store'],
      [403, 'no-store'],
      [404, 'no-store'],
      [413, 'no-store'],
      [415, 'no-store'],
      [401, 'no-store'],
    ]);
  });

  it('leaves the static files and the shell’s page their own caching', async () => {
    const agent = api.agent();
    expect((await agent.get('/main.0123456789.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await agent.get('/remotes/admin/remoteEntry.js')).headers['cache-control']).toBe('no-cache');
    expect((await agent.get('/admin')).headers['cache-control']).toBe('no-cache');
    expect((await agent.get('/remotes.json')).headers['cache-control']).toBe('no-cache');
  });
});
