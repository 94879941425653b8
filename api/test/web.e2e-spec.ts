import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ANY_DATABASE, startApi, type TestApi } from './harness';

/** The address the page is given for a remote's entry: by the first 10 hex digits of its SHA-256. */
const entryHash = (content: string) => createHash('sha256').update(content).digest('hex').slice(0, 10);

/** A fake build of the three front ends, as `npm run build` lays them out. */
function fakeWebRoot(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'portal-web-'));
  const files: Record<string, string> = {
    'shell/dist/index.html':
      '<!doctype html><html><head><title>shell</title><script async src="/boot.0123456789.js"></script></head><body><div id="root"></div></body></html>',
    'shell/dist/main.0123456789.js': 'console.log("shell")',
    'shell/dist/boot.0123456789.js': 'window.booted = true;',
    'shell/dist/pages/index.html':
      '<!doctype html><html><head><title>shell</title></head><body><div id="root"><h1>Class of 2026</h1></div></body></html>',
    'shell/dist/pages/auth.html':
      '<!doctype html><html><head><title>shell</title></head><body><div id="root"><h2>Bienvenido</h2></div></body></html>',
    'shell/dist/pages/404.html':
      '<!doctype html><html><head><title>shell</title></head><body><div id="root"><h1>404 Page Not Found</h1></div></body></html>',
    'admin-app/dist/remoteEntry.js': 'var portal_admin;',
    'admin-app/dist/mf-manifest.json': '{}',
    'admin-app/dist/12.abcdef0123.js': 'chunk',
    'admin-app/dist/12.abcdef0123.js.br': 'brotli bytes',
    'parent-app/dist/remoteEntry.js': 'var portal_parent;',
    'parent-app/dist/mf-manifest.json': JSON.stringify({
      exposes: [
        {
          path: './App',
          assets: {
            js: { sync: ['9638.b402460267.js', 'app.96e6f02f60.js'], async: ['395.fc380b9390.js'] },
            css: { sync: ['app.2948eb9ed9.css'], async: [] },
          },
        },
      ],
    }),
  };
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), content);
  }
  return root;
}

describe('serving the built front ends', () => {
  let api: TestApi;
  let webRoot: string;

  beforeAll(async () => {
    webRoot = fakeWebRoot();
    api = await startApi(ANY_DATABASE, {
      SERVE_WEB: 'true',
      WEB_ROOT: webRoot,
      ADMIN_REMOTE_URL: 'https://admin.example.com/remoteEntry.js',
    });
  });
  afterAll(async () => {
    await api.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it.each(['/', '/auth', '/cuenta', '/admin', '/admin/familias', '/parent/pagos'])('serves the shell for %s', async (url) => {
    const response = await api.agent().get(url);
    expect(response.status).toBe(200);
    expect(response.text).toContain('<title>shell</title>');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary).toBe('Cookie');
  });

  it('serves the shell with status 404 for a path it does not know, prerendered', async () => {
    const response = await api.agent().get('/no-existe');
    expect(response.status).toBe(404);
    expect(response.text).toContain('<h1>404 Page Not Found</h1>');
  });

  it('serves the public pages prerendered at build time, and the empty shell for the rest', async () => {
    expect((await api.agent().get('/')).text).toContain('<div id="root"><h1>Class of 2026</h1>');
    for (const url of ['/auth', '/auth/']) expect((await api.agent().get(url)).text).toContain('<div id="root"><h2>Bienvenido</h2>');
    for (const url of ['/parent', '/admin/familias', '/cuenta', '/auth/recuperar']) {
      const response = await api.agent().get(url);
      expect([url, response.status, response.text.includes('<div id="root"></div>')]).toEqual([url, 200, true]);
    }
  });

  it('lets browsers keep hashed files for a year and revalidate the rest', async () => {
    const agent = api.agent();
    expect((await agent.get('/main.0123456789.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await agent.get('/remotes/admin/12.abcdef0123.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await agent.get('/remotes/admin/remoteEntry.js')).headers['cache-control']).toBe('no-cache');
    expect((await agent.get('/remotes/admin/mf-manifest.json')).headers['cache-control']).toBe('no-cache');
  });

  it('lets browsers keep a remote’s entry asked by its content’s hash, and revalidate it under an old one', async () => {
    const agent = api.agent();
    const current = await agent.get(`/remotes/parent/remoteEntry.js?v=${entryHash('var portal_parent;')}`);
    expect([current.status, current.text, current.headers['cache-control']]).toEqual([
      200,
      'var portal_parent;',
      'public, max-age=31536000, immutable',
    ]);
    expect((await agent.get('/remotes/parent/remoteEntry.js?v=0123456789')).headers['cache-control']).toBe('no-cache');
    // Rebuilt in place: the old address is revalidated again, the new one kept.
    writeFileSync(path.join(webRoot, 'parent-app/dist/remoteEntry.js'), 'var portal_parent = 2;');
    try {
      expect((await agent.get(`/remotes/parent/remoteEntry.js?v=${entryHash('var portal_parent;')}`)).headers['cache-control']).toBe(
        'no-cache',
      );
      expect((await agent.get(`/remotes/parent/remoteEntry.js?v=${entryHash('var portal_parent = 2;')}`)).headers['cache-control']).toBe(
        'public, max-age=31536000, immutable',
      );
      expect((await agent.get('/parent')).text).toContain(`/remotes/parent/remoteEntry.js?v=${entryHash('var portal_parent = 2;')}`);
    } finally {
      writeFileSync(path.join(webRoot, 'parent-app/dist/remoteEntry.js'), 'var portal_parent;');
    }
  });

  it('sends the precompressed file to browsers that accept it, cached as long as the original', async () => {
    const response = await api.agent().request('GET', '/remotes/admin/12.abcdef0123.js', undefined, { 'accept-encoding': 'br, gzip' });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.text).toBe('brotli bytes');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toMatch(/Accept-Encoding/i);
  });

  it('finds files of a remote redeployed while the server runs', async () => {
    writeFileSync(path.join(webRoot, 'parent-app/dist/99.fedcba9876.js'), 'new chunk');
    const response = await api.agent().get('/remotes/parent/99.fedcba9876.js');
    expect(response.status).toBe(200);
    expect(response.text).toBe('new chunk');
  });

  it('tells the shell where the remotes live, from the configuration', async () => {
    const response = await api.agent().get('/remotes.json');
    expect(response.body).toEqual({ admin: 'https://admin.example.com/remoteEntry.js', parent: '/remotes/parent/remoteEntry.js' });
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('writes into the page where the remotes live and which files each role loads first, before its first script', async () => {
    const html = (await api.agent().get('/parent')).text;
    const meta = (name: string) => {
      const content = new RegExp(`<meta name="${name}" content="([^"]*)">`).exec(html)?.[1];
      return JSON.parse(
        content!
          .replace(/&quot;/g, '"')
          .replace(/&lt;/g, '<')
          .replace(/&amp;/g, '&'),
      ) as unknown;
    };
    // The parent remote is served here: its entry by its content's hash, and the files its App
    // needs at once (not its lazy sections). The admin remote lives elsewhere: as configured, none.
    expect(meta('portal-remotes')).toEqual({
      admin: 'https://admin.example.com/remoteEntry.js',
      parent: `/remotes/parent/remoteEntry.js?v=${entryHash('var portal_parent;')}`,
    });
    expect(meta('portal-preload')).toEqual({
      admin: [],
      parent: ['/remotes/parent/app.2948eb9ed9.css', '/remotes/parent/9638.b402460267.js', '/remotes/parent/app.96e6f02f60.js'],
    });
    expect(html.indexOf('name="portal-preload"')).toBeLessThan(html.indexOf('window.booted'));
  });

  it('follows a remote rebuilt in place: the next page names its new first files', async () => {
    const manifestFile = path.join(webRoot, 'parent-app/dist/mf-manifest.json');
    const original = readFileSync(manifestFile, 'utf8');
    const preloadOf = (html: string) => /<meta name="portal-preload" content="([^"]*)">/.exec(html)![1]!.replace(/&quot;/g, '"');
    expect(preloadOf((await api.agent().get('/parent')).text)).toContain('/remotes/parent/app.96e6f02f60.js');
    writeFileSync(
      manifestFile,
      original.replace('app.96e6f02f60.js', 'app.0a1b2c3d4e.js').replace('9638.b402460267.js', '77.1234567890.js'),
    );
    try {
      const preload = preloadOf((await api.agent().get('/parent')).text);
      expect(preload).toContain('/remotes/parent/app.0a1b2c3d4e.js');
      expect(preload).toContain('/remotes/parent/77.1234567890.js');
      expect(preload).not.toContain('app.96e6f02f60.js');
    } finally {
      writeFileSync(manifestFile, original);
    }
  });

  it('writes the first script into the page, allowed by its hash in the page’s policy only', async () => {
    const page = await api.agent().get('/parent');
    expect(page.text).toContain('<script>window.booted = true;</script>');
    expect(page.text).not.toContain('/boot.0123456789.js');
    const scriptHash = `'sha256-${createHash('sha256').update('window.booted = true;').digest('base64')}'`;
    expect(page.headers['content-security-policy']).toContain(`script-src 'self' https://admin.example.com ${scriptHash}`);
    expect((await api.agent().get('/auth')).headers['content-security-policy']).toContain(scriptHash);
    // The API's answers keep the policy that allows no inline script.
    expect((await api.agent().get('/api/config')).headers['content-security-policy']).not.toContain('sha256-');
  });

  /** The answers written into a page, by URL, parsed. */
  const written = (html: string) => {
    const block = /<script type="application\/json" id="portal-first-data">(.*?)<\/script>/s.exec(html)?.[1];
    const answers = JSON.parse(block!) as Record<string, { status: number; body: string }>;
    return Object.fromEntries(
      Object.entries(answers).map(([url, { status, body }]) => [url, { status, body: body ? (JSON.parse(body) as unknown) : null }]),
    );
  };

  it('writes a visitor’s page with the public configuration only, for any cache', async () => {
    for (const url of ['/', '/auth', '/parent', '/no-existe']) {
      const page = await api.agent().get(url);
      expect(written(page.text)).toEqual({ '/api/config': { status: 200, body: (await api.agent().get('/api/config')).body } });
      expect(page.headers['cache-control']).toBe('no-cache');
    }
  });

  it('writes a parent’s home with what it reads first, as the API answers that parent, kept from shared caches', async () => {
    const parent = await api.signedIn('parent');
    const page = await parent.get('/parent');
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-cache');
    expect(page.headers.vary).toContain('Cookie');
    const answers = written(page.text);
    expect(Object.keys(answers)).toEqual([
      '/api/config',
      '/api/user',
      '/api/my-family',
      '/api/my-notices-seen',
      '/api/my-books/answers',
      '/api/my-classes',
      '/api/settings',
      '/api/events',
    ]);
    for (const [url, answer] of Object.entries(answers)) {
      const asked = await parent.get(url);
      expect([url, answer]).toEqual([url, { status: asked.status, body: asked.text ? asked.body : null }]);
    }
    expect(answers['/api/user']!.body).toEqual(parent.user);
    // Another page of the parent: the family, not the home's data; another role's page: who it is.
    expect(Object.keys(written((await parent.get('/parent/pagos')).text))).toEqual([
      '/api/config',
      '/api/user',
      '/api/my-family',
      '/api/my-notices-seen',
      '/api/my-books/answers',
      '/api/my-classes',
    ]);
    expect(Object.keys(written((await parent.get('/admin')).text))).toEqual(['/api/config', '/api/user']);
  });

  it('writes an admin’s home with the dashboard’s numbers, the menu’s count and the classes', async () => {
    const admin = await api.signedIn('admin');
    const answers = written((await admin.get('/admin')).text);
    expect(Object.keys(answers)).toEqual([
      '/api/config',
      '/api/user',
      '/api/books/questions/open',
      '/api/my-classes',
      '/api/stats',
      '/api/backup-status',
    ]);
    for (const url of ['/api/books/questions/open', '/api/my-classes', '/api/stats', '/api/backup-status'])
      expect([url, answers[url]]).toEqual([url, { status: 200, body: (await admin.get(url)).body }]);
    expect(answers['/api/user']!.body).toEqual(admin.user);
  });

  it('writes no one else’s answers, and nothing a name could break out of', async () => {
    const name = 'Ana </script><script>alert(1)</script> <!-- Pérez';
    const [first, second] = [await api.signedIn('parent', { name }), await api.signedIn('parent')];
    const page = (await first.get('/parent')).text;
    expect(page).not.toContain('</script><script>alert(1)');
    expect(page).not.toContain('<!-- Pérez');
    expect(written(page)['/api/user']!.body).toMatchObject({ id: first.user.id, name });
    expect(written((await second.get('/parent')).text)['/api/user']!.body).toEqual(second.user);
  });

  it('writes an ended session’s answer and drops its cookies, as /api/user does', async () => {
    const agent = api.agent();
    agent.cookies.set('portal_session', 'ended-session');
    agent.cookies.set('portal_role', 'parent');
    const page = await agent.get('/parent');
    expect(written(page.text)['/api/user']).toMatchObject({ status: 401 });
    expect(Object.keys(written(page.text))).toEqual(['/api/config', '/api/user']);
    expect(String(page.headers['set-cookie'])).toMatch(/portal_session=;/);
  });

  it('still answers unknown API paths with JSON', async () => {
    expect(await api.agent().get('/api/nada')).toMatchObject({ status: 404, body: { message: 'No encontramos lo que buscas.' } });
  });
});

describe('the remotes manifest without the built front ends', () => {
  it('is served too, for the dev servers and for a static server in front of the API', async () => {
    const api = await startApi(ANY_DATABASE, { PARENT_REMOTE_URL: 'http://localhost:3003/remoteEntry.js' });
    try {
      const response = await api.agent().get('/remotes.json');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ admin: '/remotes/admin/remoteEntry.js', parent: 'http://localhost:3003/remoteEntry.js' });
    } finally {
      await api.close();
    }
  });
});
