// The production rehearsal's checks (run by tools/rehearse/rehearse.sh, which prepares the engine,
// the stand-in images and .env): the real images built from the real Dockerfiles, the real
// docker-compose.yml started (plus tools/rehearse/compose.rehearsal.yml: host-network builds and a
// local SMTP catcher), and what a school would notice checked through the TLS origin. Every check
// prints its time; whatever happens, the stack and its volumes are removed at the end.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { request as httpsRequest } from 'node:https';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium } from 'playwright-core';
import { phonePhoto } from '../../bench/support/photo';

const ROOT = path.resolve(__dirname, '..', '..');
const DOMAIN = process.env.PORTAL_DOMAIN ?? 'portal.localhost';
const HTTPS_PORT = Number(process.env.HTTPS_PORT ?? 18443);
const HTTP_PORT = Number(process.env.HTTP_PORT ?? 18080);
const PUBLIC_URL = process.env.PUBLIC_URL ?? `https://${DOMAIN}:${HTTPS_PORT}`;
const MAIL_DIR = process.env.REHEARSAL_MAIL_DIR!;
const PROJECT = 'class-portal-rehearsal';
const ADMIN = { username: 'comite', password: 'clave-del-comite-2026', email: 'comite@example.com' };
const PARENT = { username: 'ana.lopez', password: 'clave-de-ana-2026', email: 'ana.lopez@example.com' };
const started = Date.now();

// ---------------------------------------------------------------------------------------------
// docker compose

function compose(args: string[], options: { input?: string; quiet?: boolean; env?: NodeJS.ProcessEnv; files?: string[] } = {}): string {
  const files = [...(options.files ?? [])].flatMap((file) => ['-f', file]);
  const result = spawnSync(
    'docker',
    ['compose', '-p', PROJECT, '-f', 'docker-compose.yml', '-f', 'tools/rehearse/compose.rehearsal.yml', ...files, ...args],
    {
      cwd: ROOT,
      encoding: 'utf8',
      input: options.input,
      env: { ...process.env, DOCKER_BUILDKIT: '0', ...options.env },
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  if (result.status !== 0) {
    throw new Error(`docker compose ${args.join(' ')} failed (${result.status}):\n${(result.stdout + result.stderr).slice(-4000)}`);
  }
  return result.stdout;
}

/** The same, without blocking: requests of other checks go on meanwhile. */
function composeAsync(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'docker',
      ['compose', '-p', PROJECT, '-f', 'docker-compose.yml', '-f', 'tools/rehearse/compose.rehearsal.yml', ...args],
      {
        cwd: ROOT,
        env: { ...process.env, DOCKER_BUILDKIT: '0' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`docker compose ${args.join(' ')} failed (${code}):\n${output.slice(-4000)}`)),
    );
  });
}

const containers = (service: string) => compose(['ps', '-q', service]).split('\n').filter(Boolean);

/** A container's healthcheck state: starting, healthy or unhealthy. */
const health = (container: string) =>
  execFileSync('docker', ['inspect', '--format', '{{.State.Health.Status}}', container], { encoding: 'utf8' }).trim();

/** What must stay as it was when one remote is updated: each service's container, image and start. */
function deployed(service: string): string {
  const [container] = containers(service);
  return execFileSync('docker', ['inspect', '--format', '{{.Id}} {{.Image}} {{.State.StartedAt}}', container!], {
    encoding: 'utf8',
  }).trim();
}

// ---------------------------------------------------------------------------------------------
// A browser-like client of the TLS origin: Caddy's certificate checked against its own CA, cookies kept.

let ca = '';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  text: string;
  json<T = any>(): T; // eslint-disable-line @typescript-eslint/no-explicit-any
}

class Client {
  readonly cookies = new Map<string, string>();
  lastSetCookie: string[] = [];

  request(method: string, url: string, body?: Buffer | object, headers: Record<string, string> = {}): Promise<Answer> {
    const payload = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body));
    const all: Record<string, string> = {
      host: `${DOMAIN}:${HTTPS_PORT}`,
      ...(payload && !Buffer.isBuffer(body) ? { 'content-type': 'application/json' } : {}),
      ...(method !== 'GET' ? { origin: PUBLIC_URL } : {}),
      ...(this.cookies.size ? { cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') } : {}),
      ...headers,
    };
    if (payload) all['content-length'] = String(payload.length);
    return new Promise((resolve, reject) => {
      const req = httpsRequest(
        { host: '127.0.0.1', port: HTTPS_PORT, servername: DOMAIN, ca, method, path: url, headers: all, timeout: 30_000 },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const set = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
            this.lastSetCookie = set;
            for (const line of set) {
              const [pair] = line.split(';');
              const [name, ...value] = pair!.split('=');
              if (/Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name!.trim());
              else this.cookies.set(name!.trim(), value.join('='));
            }
            const data = Buffer.concat(chunks);
            resolve({
              status: res.statusCode!,
              headers: res.headers,
              body: data,
              text: data.toString('utf8'),
              json: () => JSON.parse(data.toString('utf8')),
            });
          });
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error(`${method} ${url}: no answer in 30 s`)));
      req.on('error', reject);
      req.end(payload);
    });
  }
  get(url: string) {
    return this.request('GET', url);
  }
  post(url: string, body?: Buffer | object, headers?: Record<string, string>) {
    return this.request('POST', url, body ?? {}, headers);
  }
}

function expectStatus(answer: Answer, status: number, what: string): void {
  if (answer.status !== status) throw new Error(`${what}: expected ${status}, got ${answer.status} ${answer.text.slice(0, 300)}`);
}

function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

async function signIn(credentials: { username: string; password: string }): Promise<Client> {
  const client = new Client();
  const answer = await client.post('/api/login', credentials);
  expectStatus(answer, 200, `sign-in of ${credentials.username}`);
  return client;
}

const BOUNDARY = '----rehearsal7MA4YWxkTrZu0gW';
function multipart(fields: Record<string, string>, file: { data: Buffer; name: string; type: string }): Buffer {
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return Buffer.concat([
    Buffer.from(parts.join('')),
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}
const MULTIPART = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };

/**
 * A valid PDF of about `bytes`: its size is a stream of padding, which the API keeps when it
 * writes the file back (it stores PDFs as its parser rewrites them, docs/security.md).
 */
function pdf(bytes: number): Buffer {
  const head = '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n';
  const tail = 'trailer<</Root 1 0 R>>\n%%EOF\n';
  const padding = `${'r'.repeat(99)}\n`.repeat(Math.ceil((bytes - head.length - tail.length - 60) / 100));
  return Buffer.from(head + `3 0 obj<</Length ${padding.length}>>stream\n${padding}\nendstream endobj\n` + tail);
}

// ---------------------------------------------------------------------------------------------
// Checks, each timed

async function check(name: string, run: () => Promise<string | void>): Promise<void> {
  const start = Date.now();
  try {
    const detail = await run();
    console.log(`ok   ${name} (${((Date.now() - start) / 1000).toFixed(1)} s)${detail ? `: ${detail}` : ''}`);
  } catch (error) {
    console.log(`FAIL ${name} (${((Date.now() - start) / 1000).toFixed(1)} s)`);
    throw error;
  }
}

async function until<T>(what: string, seconds: number, probe: () => Promise<T | undefined> | T | undefined): Promise<T> {
  const end = Date.now() + seconds * 1000;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > end) throw new Error(`${what}: not within ${seconds} s${last ? ` (${String(last)})` : ''}`);
    await sleep(500);
  }
}

/** The quoted-printable text of every message the SMTP catcher got for `to`. */
function mailsTo(to: string): string[] {
  return readdirSync(MAIL_DIR)
    .sort()
    .map((name) => readFileSync(path.join(MAIL_DIR, name), 'utf8'))
    .filter((text) => new RegExp(`^To: .*${to.replace(/[.]/g, '\\.')}`, 'im').test(text))
    .map((text) => text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))));
}

/** `docker stats` lines ("name 123.4MiB / 23.4GiB") as each service's MiB and their sum. */
function stackMemory(stats: string): string {
  const services = stats
    .trim()
    .split('\n')
    .map((line) => {
      const [name, used] = line.split(' ');
      const [, amount, unit] = /^([\d.]+)(B|KiB|MiB|GiB)/.exec(used!)!;
      const mib = Number(amount) * ({ B: 1 / 1048576, KiB: 1 / 1024, MiB: 1, GiB: 1024 } as Record<string, number>)[unit!]!;
      return { name: name!.replace(`${PROJECT}-`, '').replace(/-1$/, ''), mib };
    });
  const total = services.reduce((sum, { mib }) => sum + mib, 0);
  return `the stack ${total.toFixed(0)} MiB (${services.map(({ name, mib }) => `${name} ${mib.toFixed(0)}`).join(', ')})`;
}

function up(extra: string[] = []): void {
  compose(['up', '-d', '--no-build', '--wait', '--wait-timeout', '240', ...extra]);
}

async function main(): Promise<void> {
  let admin!: Client;
  let parent!: Client;
  let familyId = 0;
  let receiptId = 0;
  const receipt = pdf(5 * 1024 * 1024);
  let storedReceipt: Buffer = Buffer.alloc(0);

  for (const service of ['api', 'backup', 'shell', 'admin-app', 'parent-app']) {
    await check(`build ${service} (its Dockerfile, Node 24)`, async () => void compose(['build', service]));
  }

  await check('docker compose up: every service healthy', async () => {
    up();
    ca = compose(['exec', '-T', 'proxy', 'cat', '/data/caddy/pki/authorities/local/root.crt']);
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

  await check(
    'a 5 MB and a 10 MB PDF receipt are accepted and the committee gets them as the API wrote them back; 11 MB gets the Spanish 413',
    async () => {
      const answer = await parent.post(
        '/api/my-family/payment-proofs',
        multipart({ paymentNumber: '1' }, { data: receipt, name: 'deposito.pdf', type: 'application/pdf' }),
        MULTIPART,
      );
      assert(answer.status === 201 || answer.status === 200, `upload: ${answer.status} ${answer.text.slice(0, 300)}`);
      receiptId = answer.json().id;
      const file = await admin.get(`/api/payment-proofs/${receiptId}/file`);
      expectStatus(file, 200, 'the receipt file');
      storedReceipt = file.body;
      assert(
        storedReceipt.subarray(0, 5).toString() === '%PDF-' && storedReceipt.length > receipt.length - 1024,
        `the stored receipt is not the PDF sent: ${storedReceipt.length} bytes`,
      );
      // The largest receipt taken: a file in the files volume (in a row, sent as hex, it passed
      // MariaDB's 16 MB max_allowed_packet from about 8 MB).
      const largest = pdf(10 * 1024 * 1024 - 4096);
      const large = await parent.post(
        '/api/my-family/payment-proofs',
        multipart({ paymentNumber: '3' }, { data: largest, name: 'grande-pero-valido.pdf', type: 'application/pdf' }),
        MULTIPART,
      );
      assert(large.status === 201 || large.status === 200, `10 MB upload: ${large.status} ${large.text.slice(0, 300)}`);
      const largeFile = await admin.get(`/api/payment-proofs/${large.json().id}/file`);
      expectStatus(largeFile, 200, 'the 10 MB receipt file');
      assert(largeFile.body.length > largest.length - 1024, `the 10 MB receipt came back with ${largeFile.body.length} bytes`);
      const tooBig = await parent.post(
        '/api/my-family/payment-proofs',
        multipart({ paymentNumber: '2' }, { data: pdf(11 * 1024 * 1024), name: 'grande.pdf', type: 'application/pdf' }),
        MULTIPART,
      );
      expectStatus(tooBig, 413, 'an 11 MB receipt');
      assert(tooBig.json().message === 'El archivo es demasiado grande: el máximo es 10 MB.', `413: ${tooBig.text}`);
      assert(tooBig.headers['strict-transport-security'], 'the 413 has no security headers');
      return `${(receipt.length / 1048576).toFixed(1)} MB and ${(largest.length / 1048576).toFixed(1)} MB`;
    },
  );

  await check('the API after 10 uploads of a 4 MB phone photo and 10 workbook exports: resident set under 250 MB', async () => {
    const [api] = containers('api');
    const status = () => execFileSync('docker', ['exec', api!, 'cat', '/proc/1/status'], { encoding: 'utf8' });
    const megabytes = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status())![1]) / 1024;
    // Sign-in's scrypt takes 128 MB for a moment: the peak is measured from here (bench/api-memory.ts).
    execFileSync('docker', ['exec', api!, 'sh', '-c', 'echo 5 > /proc/1/clear_refs']);
    const photo = await phonePhoto();
    for (let i = 0; i < 10; i += 1) {
      const answer = await parent.post(
        '/api/my-family/payment-proofs',
        multipart({ paymentNumber: String((i % 6) + 1) }, { data: photo, name: `foto-${i + 1}.jpg`, type: 'image/jpeg' }),
        MULTIPART,
      );
      assert(answer.status === 201, `upload ${i + 1}: ${answer.status} ${answer.text.slice(0, 300)}`);
    }
    const exports = ['payment-confirmations-report', 'event-rsvps-report', 'books/report', 'history'];
    for (let i = 0; i < 10; i += 1)
      expectStatus(await admin.get(`/api/${exports[i % exports.length]}?format=xlsx`), 200, `export ${i + 1}`);
    const peak = megabytes('VmHWM');
    assert(peak < 250, `the API's resident set peaked at ${peak.toFixed(0)} MB`);
    const stack = execFileSync(
      'docker',
      ['stats', '--no-stream', '--format', '{{.Name}} {{.MemUsage}}', ...compose(['ps', '-q']).split('\n').filter(Boolean)],
      {
        encoding: 'utf8',
      },
    );
    return `peak ${peak.toFixed(0)} MB, now ${megabytes('VmRSS').toFixed(0)} MB; ${stackMemory(stack)}`;
  });

  await check('the bank import: a statement line with the family’s reference is matched and applied', async () => {
    // The reference the family's statement tells it to write on its deposits.
    const statement = await admin.get(`/api/families/${familyId}/statement`);
    expectStatus(statement, 200, "the family's statement");
    const reference: string = statement.json().paymentReference;
    const csv = Buffer.from(
      `Fecha;No. Documento;Descripción;Débito;Crédito;Saldo\n02/11/2026;900001;DEPOSITO ${reference} ANA LOPEZ;;Q 500.00;Q 500.00\n`,
    );
    const preview = await admin.post(
      '/api/bank-statements/preview',
      multipart({}, { data: csv, name: 'estado.csv', type: 'text/csv' }),
      MULTIPART,
    );
    expectStatus(preview, 200, 'bank preview');
    const line = preview.json().lines[0];
    assert(line?.match?.familyId === familyId, `the line's match: ${JSON.stringify(line)}`);
    const confirmed = await admin.post('/api/bank-statements/confirm', {
      lines: [{ date: line.date, description: line.description, document: line.document, amountCentavos: line.amountCentavos, familyId }],
    });
    assert(confirmed.status === 200 || confirmed.status === 201, `confirm: ${confirmed.status} ${confirmed.text}`);
    assert(confirmed.json().applied === 1, `confirm: ${confirmed.text}`);
  });

  await check(
    'an update of parent-app alone: the proxy, the API, the backups, the shell and admin-app stay as they were, open pages still get the old chunks',
    async () => {
      const others = ['proxy', 'api', 'backup', 'shell', 'admin-app'];
      // The stack as a plain `up` leaves it: a container an earlier check started with --no-deps
      // (the API's) carries another configuration hash, and the next full `up` replaces it once.
      up();
      const before = Object.fromEntries(others.map((service) => [service, deployed(service)]));
      const parentBefore = deployed('parent-app');
      const oldChunks = compose(['exec', '-T', 'parent-app', 'ls', '/build'])
        .split('\n')
        .filter((name) => /\.[0-9a-f]{10}\.js$/.test(name));
      assert(oldChunks.length > 0, 'no hashed chunk in parent-app');
      // A change to the parent app's source, as a `git pull` brings (rehearse.sh puts the file back).
      const source = path.join(ROOT, 'parent-app/src/App.tsx');
      const original = readFileSync(source, 'utf8');
      writeFileSync(source, `${original}\nconsole.info('ensayo ${Date.now()}');\n`);
      try {
        // docs/deployment.md 'Updating': every image is built again from the changed tree.
        await composeAsync(['up', '-d', '--build', '--wait', '--wait-timeout', '240']);
      } finally {
        writeFileSync(source, original);
      }
      const changed = others.filter((service) => deployed(service) !== before[service]);
      assert(
        changed.length === 0,
        `rebuilt or restarted although unchanged: ${changed.map((s) => `${s} (${before[s]} -> ${deployed(s)})`).join('; ')}`,
      );
      assert(deployed('parent-app') !== parentBefore, 'parent-app was not redeployed');
      const newChunks = compose(['exec', '-T', 'parent-app', 'ls', '/build']).split('\n');
      const gone = oldChunks.filter((name) => !newChunks.includes(name));
      assert(gone.length > 0, 'the change left every chunk of parent-app as it was');
      const client = new Client();
      for (const name of gone) expectStatus(await client.get(`/remotes/parent/${name}`), 200, `the previous build's ${name}`);
      return `${others.join(', ')}: same image, container and start; ${gone.length} chunks of the previous build still served`;
    },
  );

  await check('--scale api=2: both instances answer in turn and share the sign-in limits', async () => {
    up(['--scale', 'api=2']);
    const instances = containers('api');
    assert(instances.length === 2, `${instances.length} api containers`);
    // Caddy finds the second instance by name within its refresh (5 s).
    await sleep(6000);
    const logins = (id: string) =>
      execFileSync('docker', ['logs', id], { encoding: 'utf8', stdio: 'pipe' }).split('"url":"/api/login"').length;
    const before = instances.map(logins);
    const stranger = new Client();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await stranger.post('/api/login', { username: 'nadie.rehearsal', password: `mala-${i}` })).status);
    assert(
      statuses.slice(0, 5).every((status) => status === 401),
      `first five: ${statuses.join(',')}`,
    );
    assert(statuses[5] === 429, `sixth try: ${statuses[5]} (the instances do not share the counters)`);
    const after = instances.map(logins);
    const served = after.map((count, i) => count - before[i]!);
    assert(
      served.every((count) => count > 0),
      `sign-ins served per instance: ${served.join(', ')}`,
    );
    return `tries served per instance: ${served.join(' and ')}; the sixth refused with 429`;
  });

  await check('an API instance killed (SIGKILL) during writes: nothing acknowledged is lost', async () => {
    const acknowledged: number[] = [];
    const failed = new Map<string, number>();
    const firstAnswers = new Map<string, string>();
    const fail = (why: string, text = '') => {
      failed.set(why, (failed.get(why) ?? 0) + 1);
      if (!firstAnswers.has(why)) firstAnswers.set(why, text.slice(0, 120));
    };
    let stop = false;
    const writer = async (worker: number) => {
      for (let i = 0; !stop; i++) {
        try {
          const answer = await admin.post('/api/families', {
            graduateName: `Escritura ${worker}-${i}`,
            contactName: `Contacto ${worker}-${i}`,
            email: `escritura.${worker}.${i}@example.com`,
            phone: '5555-0000',
          });
          if (answer.status === 201 || answer.status === 200) acknowledged.push(answer.json().id);
          else fail(String(answer.status), answer.text);
        } catch (error) {
          fail((error as NodeJS.ErrnoException).code ?? 'error');
        }
      }
    };
    const writers = [1, 2, 3, 4].map(writer);
    await sleep(2000);
    const [victim] = containers('api');
    execFileSync('docker', ['kill', '--signal', 'KILL', victim!], { stdio: 'pipe' });
    await sleep(4000);
    stop = true;
    await Promise.all(writers);
    up(['--scale', 'api=2']);
    const families: Array<{ id: number }> = (await admin.get('/api/families')).json();
    const stored = new Set(families.map((family) => family.id));
    const lost = acknowledged.filter((id) => !stored.has(id));
    assert(acknowledged.length > 20, `only ${acknowledged.length} writes acknowledged`);
    assert(lost.length === 0, `acknowledged but lost: ${lost.join(', ')}`);
    // What a phone shows meanwhile: the API's own kind of answer, a Spanish message.
    for (const [why, text] of firstAnswers) assert(!/^\d+$/.test(why) || text.startsWith('{"statusCode"'), `answer ${why}: ${text}`);
    const failures = [...failed].map(([why, count]) => `${count} x ${why} (${firstAnswers.get(why) || 'no answer'})`).join(', ');
    return `${acknowledged.length} writes acknowledged, all stored; not acknowledged: ${failures || 'none'}`;
  });

  await check('the admin remote rebuilt and redeployed alone: a parent’s pages keep working, the admin sees the new build', async () => {
    const untouched = ['shell', 'parent-app', 'proxy'].map((service) => containers(service)[0]);
    const buildId = `ensayo-${Date.now()}`;
    let stop = false;
    const parentRequests = { ok: 0, failed: [] as string[] };
    const parentPages = (async () => {
      while (!stop) {
        for (const url of ['/parent', '/remotes/parent/remoteEntry.js', '/api/my-family', '/api/my-family/payment-proofs']) {
          const answer = await parent.get(url).catch((error: Error) => ({ status: 0, text: error.message }));
          if (answer.status === 200) parentRequests.ok++;
          else parentRequests.failed.push(`${url} ${answer.status}`);
        }
        await sleep(200);
      }
    })();
    try {
      await composeAsync(['build', '--build-arg', `BUILD_ID=${buildId}`, 'admin-app']);
      await composeAsync(['up', '-d', '--no-build', '--no-deps', '--wait', 'admin-app']);
    } finally {
      stop = true;
      await parentPages;
    }
    assert(parentRequests.failed.length === 0, `the parent's requests that failed: ${parentRequests.failed.join(', ')}`);
    const after = ['shell', 'parent-app', 'proxy'].map((service) => containers(service)[0]);
    assert(JSON.stringify(after) === JSON.stringify(untouched), 'the shell, parent-app or proxy container was replaced');
    // The admin, in a browser, at the next page load.
    const browser = await chromium.launch({
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [`--host-resolver-rules=MAP ${DOMAIN} 127.0.0.1`, '--no-sandbox'],
    });
    try {
      const context = await browser.newContext({ ignoreHTTPSErrors: true });
      const [name, value] = [...admin.cookies].find(([cookie]) => cookie === 'portal_session')!;
      await context.addCookies([{ name, value, domain: DOMAIN, path: '/', secure: true, httpOnly: true, sameSite: 'Lax' }]);
      const page = await context.newPage();
      await page.goto(`${PUBLIC_URL}/admin`);
      await page.getByText(`Versión ${buildId}`).waitFor({ timeout: 30_000 });
    } finally {
      await browser.close();
    }
    return `${parentRequests.ok} parent requests answered during the redeploy, none failed; the admin panel shows 'Versión ${buildId}'`;
  });

  await check('a backup (into the backups volume) and a restore: a change made after the copy is gone, the rest is back', async () => {
    const written = compose(['exec', '-T', 'api', 'node', 'api/dist/backup.js', 'backup']);
    const file = /written to (\S+)/.exec(written)?.[1];
    assert(file, `backup: ${written}`);
    const later = await admin.post('/api/families', {
      graduateName: 'Después de la copia',
      contactName: 'Tardía',
      email: 'tardia@example.com',
      phone: '5555-9999',
    });
    assert(later.status === 201 || later.status === 200, `a later family: ${later.status}`);
    // The dashboard's card: the copy just taken is the last good one.
    const status = await admin.get('/api/backup-status');
    expectStatus(status, 200, 'the backup status');
    const { configured, lastGood, failure } = status.json();
    assert(configured && lastGood?.file === path.basename(file) && failure === null, `the backup status: ${status.text}`);
    // As root (RESTORE_DATABASE_URL): through a scratch database, switched at once.
    const rootPassword = /^MARIADB_ROOT_PASSWORD=(.*)$/m.exec(readFileSync(path.join(ROOT, '.env'), 'utf8'))?.[1];
    assert(rootPassword, 'no MARIADB_ROOT_PASSWORD in .env');
    // The password from the environment, as docs/deployment.md has it (never in a command line).
    const asRoot = ['-e', 'RESTORE_DATABASE_URL=mysql://root@db:3306', '-e', 'RESTORE_DATABASE_PASSWORD'];
    const restored = compose(['exec', '-T', ...asRoot, 'api', 'node', 'api/dist/backup.js', 'restore', file, '--yes'], {
      env: { RESTORE_DATABASE_PASSWORD: rootPassword },
    });
    assert(/Receipts: \d+ before, \d+ after\./.test(restored) && !/in place/.test(restored), `the restore: ${restored}`);
    compose(['restart', 'api']);
    up(['--scale', 'api=2']);
    const families: Array<{ id: number; graduateName: string }> = await until('the API after the restore', 60, async () => {
      const answer = await admin.get('/api/families');
      return answer.status === 200 ? answer.json() : undefined;
    });
    assert(!families.some((family) => family.graduateName === 'Después de la copia'), 'the family added after the copy is still there');
    assert(
      families.some((family) => family.id === familyId),
      'the family is missing after the restore',
    );
    expectStatus(await admin.get(`/api/payment-proofs/${receiptId}/file`), 200, 'the receipt after the restore');
    const daily = compose(['logs', 'backup']);
    assert(/every day at 02:30/.test(daily), `the backup service: ${daily.slice(-500)}`);

    // A copy cut short (a full disk, a killed job) is refused before anything changes.
    const cut = '/portal/backups/portal-2000-01-01-0000.sql.gz';
    compose(['exec', '-T', 'api', 'sh', '-c', `head -c 4000 ${file} > ${cut}`]);
    let refusal = '';
    try {
      compose(['exec', '-T', 'api', 'node', 'api/dist/backup.js', 'restore', cut, '--yes']);
    } catch (error) {
      refusal = error instanceof Error ? error.message : String(error);
    }
    assert(/is not a complete backup .*nothing was changed/.test(refusal), `the truncated copy: ${refusal.slice(-500)}`);
    const after = await admin.get('/api/families');
    assert(after.status === 200 && after.json().length === families.length, 'the truncated copy changed the families');
    return `${path.basename(file)}; the backup service waits for 02:30; a truncated copy refused`;
  });

  await check(
    'a full backups volume: the backup fails visibly (status, unhealthy, e-mail), nothing cut short is kept, the API serves',
    async () => {
      const dir = '/portal/backups';
      const copies = () =>
        compose(['exec', '-T', 'backup', 'ls', '-A', dir])
          .split('\n')
          .filter((name) => /^(portal-|\.portal-)/.test(name));
      const good = copies().filter((name) => /^portal-.*\.sql\.gz$/.test(name) && !name.startsWith('portal-2000-'));
      // The rehearsal's backups volume is a 64 MB tmpfs (compose.rehearsal.yml): filled to its last byte.
      spawnSync('docker', ['exec', containers('backup')[0]!, 'sh', '-c', `cat /dev/zero > ${dir}/filler`], { stdio: 'ignore' });
      let failed = '';
      try {
        compose(['exec', '-T', 'backup', 'node', 'api/dist/backup.js', 'backup']);
      } catch (error) {
        failed = error instanceof Error ? error.message : String(error);
      }
      assert(/ENOSPC|no space left/i.test(failed), `the backup on a full volume: ${failed.slice(-500) || 'it succeeded'}`);
      // Only the good copies are there: no copy cut short under a backup's name, no partial left.
      const left = copies();
      assert(
        JSON.stringify(left) === JSON.stringify(good),
        `the copies after the failure: ${left.join(', ')} (before: ${good.join(', ')})`,
      );
      const [backupContainer] = containers('backup');
      await until('the backup service unhealthy', 30, () => (health(backupContainer!) === 'unhealthy' ? true : undefined));
      const status = (await admin.get('/api/backup-status')).json();
      assert(
        /ENOSPC|no space/i.test(status.failure?.error ?? '') && status.lastGood?.file === good.at(-1),
        `the dashboard: ${JSON.stringify(status)}`,
      );
      const mail = await until('the admins’ e-mail about the failed backup', 30, () =>
        mailsTo(ADMIN.email).find((text) => /ENOSPC|no space/i.test(text)),
      );
      // The API keeps serving, receipts included (they live in the files volume).
      expectStatus(await admin.get('/api/families'), 200, 'the families while the backups volume is full');
      const upload = await parent.post(
        '/api/my-family/payment-proofs',
        multipart({ paymentNumber: '2' }, { data: pdf(200 * 1024), name: 'con-disco-lleno.pdf', type: 'application/pdf' }),
        MULTIPART,
      );
      assert(upload.status === 201 || upload.status === 200, `an upload while the backups volume is full: ${upload.status} ${upload.text}`);
      // Room again: the next copy is good and the service healthy.
      compose(['exec', '-T', 'backup', 'rm', `${dir}/filler`]);
      compose(['exec', '-T', 'backup', 'node', 'api/dist/backup.js', 'backup']);
      await until('the backup service healthy again', 30, () => (health(backupContainer!) === 'healthy' ? true : undefined));
      const subject = /^Subject: (.*)$/m.exec(mail)?.[1] ?? '';
      return `ENOSPC reported; ${good.length} good cop${good.length === 1 ? 'y' : 'ies'} kept, nothing else; e-mail "${subject}"; healthy again after a good copy`;
    },
  );

  await check('docker compose down and up again: the data, the sessions and the receipt are kept', async () => {
    compose(['down']);
    up();
    const families: Array<{ id: number }> = await until('the API after up', 60, async () => {
      const answer = await admin.get('/api/families');
      return answer.status === 200 ? answer.json() : undefined;
    });
    assert(
      families.some((family) => family.id === familyId),
      'the family is gone',
    );
    const file = await admin.get(`/api/payment-proofs/${receiptId}/file`);
    assert(file.status === 200 && file.body.equals(storedReceipt), 'the receipt is gone or changed');
    expectStatus(await parent.get('/api/my-family'), 200, "the parent's session");
    await signIn({ username: PARENT.username, password: PARENT.password });
    return `${families.length} families`;
  });
}

main()
  .then(() => console.log(`\nThe rehearsal passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`))
  .catch((error: unknown) => {
    console.error(
      `\nThe rehearsal failed after ${((Date.now() - started) / 1000).toFixed(0)} s:`,
      error instanceof Error ? error.message : error,
    );
    try {
      console.error(compose(['ps', '-a']));
      console.error(compose(['logs', '--tail', '40', 'api', 'proxy']).slice(-8000));
    } catch {
      // The stack may not have started.
    }
    process.exitCode = 1;
  });
