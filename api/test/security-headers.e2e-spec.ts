import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { contentSecurityPolicy, securityHeaders } from '../src/common/security-headers';
import { ANY_DATABASE, startApi, type TestApi } from './harness';

function fakeWebRoot(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'portal-headers-'));
  for (const [file, content] of Object.entries({
    'shell/dist/index.html': '<!doctype html><title>shell</title>',
    'admin-app/dist/remoteEntry.js': 'var portal_admin;',
  })) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), content);
  }
  return root;
}

/** `default-src 'self';script-src ...` -> { 'default-src': ["'self'"], ... } */
function parseCsp(header: unknown): Record<string, string[]> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe('security headers', () => {
  let api: TestApi;
  let webRoot: string;

  beforeAll(async () => {
    webRoot = fakeWebRoot();
    api = await startApi(ANY_DATABASE, {
      SERVE_WEB: 'true',
      WEB_ROOT: webRoot,
      ADMIN_REMOTE_URL: 'https://admin.example.com/remoteEntry.js',
      PARENT_REMOTE_URL: '/remotes/parent/remoteEntry.js',
    });
  });
  afterAll(async () => {
    await api.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it.each(['/', '/auth', '/remotes/admin/remoteEntry.js', '/api/config', '/api/families', '/api/nada', '/no-existe'])(
    'are on every answer: %s',
    async (url) => {
      const response = await api.agent().get(url);
      expect(response.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
        'x-frame-options': 'DENY',
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
      });
      expect(response.headers['x-powered-by']).toBeUndefined();
      expect(response.headers['content-security-policy']).toBeDefined();
    },
  );

  it('let the shell load its configured remotes, and nothing else', async () => {
    const csp = parseCsp((await api.agent().get('/')).headers['content-security-policy']);
    const self = ["'self'", 'https://admin.example.com'];
    expect(csp).toEqual({
      'default-src': ["'self'"],
      'script-src': self,
      'style-src': self,
      'style-src-elem': [...self, "'unsafe-inline'"],
      'connect-src': self,
      'img-src': [...self, 'data:', 'https:'],
      'font-src': self,
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
    });
  });

  it('names only this origin when both remotes are served from it', () => {
    const csp = contentSecurityPolicy({
      adminRemoteUrl: '/remotes/admin/remoteEntry.js',
      parentRemoteUrl: '/remotes/parent/remoteEntry.js',
    });
    expect(csp.scriptSrc).toEqual(["'self'"]);
    expect(csp.connectSrc).toEqual(["'self'"]);
  });

  it('name each remote origin once', () => {
    const csp = contentSecurityPolicy({
      adminRemoteUrl: 'http://localhost:8081/remoteEntry.js',
      parentRemoteUrl: 'http://localhost:8081/parent/remoteEntry.js',
    });
    expect(csp.scriptSrc).toEqual(["'self'", 'http://localhost:8081']);
  });

  it('are on refusals made before any route runs', async () => {
    const response = await api.agent().request('POST', '/api/login', '{}', { origin: 'https://evil.example' });
    expect(response.status).toBe(403);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('the proxy of docker-compose (tools/docker/Caddyfile)', () => {
  const caddy = readFileSync(path.join(__dirname, '../../tools/docker/Caddyfile'), 'utf8');
  const block = /\(security_headers\) \{\s*header \{([^}]*)\}/.exec(caddy)![1]!;
  const sent = Object.fromEntries(
    [...block.matchAll(/^\s*([A-Za-z-]+) "([^"]*)"$/gm)].map(([, name, value]) => [name!.toLowerCase(), value!]),
  );

  it('sends, on every answer, exactly the headers the API sends, the remotes being on its origin', () => {
    const api = securityHeaders({ adminRemoteUrl: '/remotes/admin/remoteEntry.js', parentRemoteUrl: '/remotes/parent/remoteEntry.js' });
    expect(parseCsp(sent['content-security-policy'])).toEqual(parseCsp(api['content-security-policy']));
    expect({ ...sent, 'content-security-policy': '' }).toEqual({ ...api, 'content-security-policy': '' });
    // The same set on error answers (a Spanish 413, an API that does not answer).
    expect(caddy.match(/import security_headers/g)).toHaveLength(2);
  });
});
