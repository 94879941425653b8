// The rehearsal's first part: the images built, the stack started over TLS, the settings a
// volunteer gets wrong, the committee's account and a parent's invitation.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import {
  Client,
  ADMIN,
  PARENT,
  assert,
  check,
  compose,
  containers,
  expectStatus,
  health,
  mailsTo,
  signIn,
  until,
  up,
  DOMAIN,
  HTTP_PORT,
  PUBLIC_URL,
  trustCertificate,
} from './support';

/** Builds and starts the stack; the committee's and the invited parent's clients, and the family. */
export async function startChecks(): Promise<{ admin: Client; parent: Client; familyId: number }> {
  let admin!: Client;
  let parent!: Client;
  let familyId = 0;

  for (const service of ['api', 'backup', 'shell', 'admin-app', 'parent-app']) {
    await check(`build ${service} (its Dockerfile, Node 24)`, async () => void compose(['build', service]));
  }

  await check('docker compose up: every service healthy', async () => {
    up();
    trustCertificate(compose(['exec', '-T', 'proxy', 'cat', '/data/caddy/pki/authorities/local/root.crt']));
    return compose(['ps', '--format', '{{.Service}} {{.Status}}']).trim().split('\n').join(', ');
  });

  await check('one TLS origin: the shell, both remotes and the API, with HSTS and the security headers', async () => {
    const client = new Client();
    const page = await client.get('/');
    expectStatus(page, 200, 'GET /');
    assert(/text\/html/.test(String(page.headers['content-type'])), 'GET / is not HTML');
    assert(page.headers['strict-transport-security'] === 'max-age=15552000', 'no HSTS on GET /');
    assert(String(page.headers['content-security-policy']).startsWith("default-src 'self'"), 'no CSP on GET /');
    assert(page.headers['x-frame-options'] === 'DENY', 'no X-Frame-Options on GET /');
    for (const url of ['/remotes/admin/remoteEntry.js', '/remotes/parent/remoteEntry.js']) {
      const entry = await client.get(url);
      expectStatus(entry, 200, url);
      assert(/javascript/.test(String(entry.headers['content-type'])), `${url} is not JavaScript`);
      assert(entry.headers['cache-control'] === 'no-cache', `${url} is not revalidated`);
    }
    const remotes = (await client.get('/remotes.json')).json();
    assert(remotes.admin === '/remotes/admin/remoteEntry.js', `remotes.json: ${JSON.stringify(remotes)}`);
    expectStatus(await client.get('/api/health/ready'), 200, 'GET /api/health/ready');
    const plain = await new Promise<number>((resolve, reject) =>
      httpRequest({ host: '127.0.0.1', port: HTTP_PORT, path: '/', headers: { host: DOMAIN } }, (res) => resolve(res.statusCode!))
        .on('error', reject)
        .end(),
    );
    assert(plain === 308, `plain HTTP answered ${plain}, not a redirect to HTTPS`);
  });

  await check(
    'the proxy’s healthcheck goes through the TLS origin: a certificate no browser trusts is unhealthy, the real one healthy',
    async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'rehearsal-tls-'));
      try {
        execFileSync('openssl', [
        'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', `/CN=${DOMAIN}`,
        '-addext', `subjectAltName=DNS:${DOMAIN}`, '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'),
      ], { stdio: 'pipe' }); // prettier-ignore
        chmodSync(path.join(dir, 'key.pem'), 0o644);
        chmodSync(dir, 0o755);
        const broken = { files: ['tools/rehearse/compose.broken-tls.yml'], env: { REHEARSAL_BROKEN_TLS_DIR: dir } };
        compose(['up', '-d', '--no-deps', '--no-build', 'proxy'], broken);
        const [proxy] = containers('proxy');
        await until('the proxy with a self-signed certificate reported unhealthy', 60, () =>
          health(proxy!) === 'unhealthy' ? true : undefined,
        );
        // What the healthcheck asked before, Caddy's admin endpoint, still answers.
        compose(['exec', '-T', 'proxy', 'wget', '-q', '-O', '/dev/null', 'http://127.0.0.1:2019/config/'], broken);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
      const started = Date.now();
      compose(['up', '-d', '--no-deps', '--no-build', '--wait', '--wait-timeout', '240', 'proxy']);
      expectStatus(await new Client().get('/'), 200, 'GET / through the proxy with its own certificate');
      return `unhealthy with the self-signed certificate (the admin endpoint answering); healthy with Caddy's own in ${((Date.now() - started) / 1000).toFixed(0)} s`;
    },
  );

  await check('a wrong database password in .env: the API says which setting within 10 s, the landing page keeps answering', async () => {
    // Compose reads MARIADB_PASSWORD from the environment before .env: the volunteer's typo.
    compose(['up', '-d', '--no-build', '--no-deps', 'api'], { env: { MARIADB_PASSWORD: 'a/b+mal=clave' } });
    const client = new Client();
    const named = await until('the API naming the setting', 10, () =>
      /check DATABASE_PASSWORD \(MARIADB_PASSWORD/.test(compose(['logs', 'api'])) ? true : undefined,
    );
    assert(named, 'the API did not name DATABASE_PASSWORD');
    expectStatus(await client.get('/'), 200, 'the landing page while the API cannot start');
    const down = await client.get('/api/health/ready');
    expectStatus(down, 503, 'the API while it cannot start');
    assert(/no está disponible/.test(down.text), `the API's absence in Spanish: ${down.text}`);
    const state = compose(['ps', '-a', '--format', '{{.Service}} {{.Status}}', 'api']).trim();
    compose(['up', '-d', '--no-build', '--no-deps', '--wait', '--wait-timeout', '120', 'api']);
    expectStatus(await client.get('/api/health/ready'), 200, 'the API with the right password');
    return state;
  });

  await check('the committee’s account (create-admin) signs in with a Secure cookie; the demo password opens nothing', async () => {
    compose([
      'exec',
      '-T',
      '-e',
      `ADMIN_PASSWORD=${ADMIN.password}`,
      'api',
      'node',
      'api/dist/create-admin.js',
      '--username',
      ADMIN.username,
      '--name',
      'Comité de Padres',
      '--email',
      ADMIN.email,
    ]);
    admin = new Client();
    const answer = await admin.post('/api/login', { username: ADMIN.username, password: ADMIN.password });
    expectStatus(answer, 200, 'admin sign-in');
    const cookie = admin.lastSetCookie.find((line) => line.startsWith('portal_session='));
    assert(cookie && /; Secure/i.test(cookie) && /HttpOnly/i.test(cookie), `session cookie: ${cookie}`);
    expectStatus(await new Client().post('/api/login', { username: 'admin', password: 'graduacion2026' }), 401, 'demo sign-in');
  });

  await check('an invitation e-mail whose link starts with PUBLIC_URL; the parent accepts it and signs in', async () => {
    const created = await admin.post('/api/families', {
      graduateName: 'Sofía López',
      contactName: 'Ana López',
      email: PARENT.email,
      phone: '5555-1234',
    });
    assert(created.status === 201 || created.status === 200, `POST /api/families: ${created.status} ${created.text}`);
    familyId = created.json().id;
    const invited = await admin.post(`/api/families/${familyId}/invitation`);
    assert(invited.status === 201 || invited.status === 200, `invitation: ${invited.status} ${invited.text}`);
    const mail = await until('the invitation e-mail', 30, () => mailsTo(PARENT.email)[0]);
    const link = /https?:\/\/\S+\/auth\/invitacion\?token=[\w-]+/.exec(mail)?.[0];
    assert(link && link.startsWith(`${PUBLIC_URL}/auth/invitacion?token=`), `the e-mail's link: ${link}`);
    const token = new URL(link).searchParams.get('token')!;
    const accepted = await new Client().post('/api/invitation/accept', {
      token,
      name: 'Ana López',
      username: PARENT.username,
      password: PARENT.password,
      confirmPassword: PARENT.password,
    });
    assert(accepted.status === 201 || accepted.status === 200, `accept: ${accepted.status} ${accepted.text}`);
    parent = await signIn({ username: PARENT.username, password: PARENT.password });
    const cookie = parent.lastSetCookie.find((line) => line.startsWith('portal_session='));
    assert(cookie && /; Secure/i.test(cookie), `parent's cookie: ${cookie}`);
    expectStatus(await parent.get('/api/my-family'), 200, "the parent's family");
    return link.slice(0, link.indexOf('token=') + 6) + '…';
  });

  return { admin, parent, familyId };
}
