// The production rehearsal's tools (tools/rehearse/rehearse.ts runs the checks): docker compose,
// a browser-like client of the TLS origin, the files it sends and the timed check itself.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const ROOT = path.resolve(__dirname, '..', '..');
export const DOMAIN = process.env.PORTAL_DOMAIN ?? 'portal.localhost';
export const HTTPS_PORT = Number(process.env.HTTPS_PORT ?? 18443);
export const HTTP_PORT = Number(process.env.HTTP_PORT ?? 18080);
export const PUBLIC_URL = process.env.PUBLIC_URL ?? `https://${DOMAIN}:${HTTPS_PORT}`;
export const MAIL_DIR = process.env.REHEARSAL_MAIL_DIR!;
export const PROJECT = 'class-portal-rehearsal';
export const ADMIN = { username: 'comite', password: 'clave-del-comite-2026', email: 'comite@example.com' };
export const PARENT = { username: 'ana.lopez', password: 'clave-de-ana-2026', email: 'ana.lopez@example.com' };
export const started = Date.now();

// ---------------------------------------------------------------------------------------------
// docker compose

export function compose(
  args: string[],
  options: { input?: string; quiet?: boolean; env?: NodeJS.ProcessEnv; files?: string[] } = {},
): string {
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
export function composeAsync(args: string[]): Promise<string> {
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

export const containers = (service: string) => compose(['ps', '-q', service]).split('\n').filter(Boolean);

/** A container's healthcheck state: starting, healthy or unhealthy. */
export const health = (container: string) =>
  execFileSync('docker', ['inspect', '--format', '{{.State.Health.Status}}', container], { encoding: 'utf8' }).trim();

/** What must stay as it was when one remote is updated: each service's container, image and start. */
export function deployed(service: string): string {
  const [container] = containers(service);
  return execFileSync('docker', ['inspect', '--format', '{{.Id}} {{.Image}} {{.State.StartedAt}}', container!], {
    encoding: 'utf8',
  }).trim();
}

// ---------------------------------------------------------------------------------------------
// A browser-like client of the TLS origin: Caddy's certificate checked against its own CA, cookies kept.

let ca = '';

/** Caddy's local root certificate, read once the proxy is up: the client trusts only it. */
export function trustCertificate(pem: string): void {
  ca = pem;
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  text: string;
  json<T = any>(): T; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export class Client {
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

export function expectStatus(answer: Answer, status: number, what: string): void {
  if (answer.status !== status) throw new Error(`${what}: expected ${status}, got ${answer.status} ${answer.text.slice(0, 300)}`);
}

export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

export async function signIn(credentials: { username: string; password: string }): Promise<Client> {
  const client = new Client();
  const answer = await client.post('/api/login', credentials);
  expectStatus(answer, 200, `sign-in of ${credentials.username}`);
  return client;
}

export const BOUNDARY = '----rehearsal7MA4YWxkTrZu0gW';
export function multipart(fields: Record<string, string>, file: { data: Buffer; name: string; type: string }): Buffer {
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
export const MULTIPART = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };

/**
 * A valid PDF of about `bytes`: its size is a stream of padding, which the API keeps when it
 * writes the file back (it stores PDFs as its parser rewrites them, docs/security.md).
 */
export function pdf(bytes: number): Buffer {
  const head = '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n';
  const tail = 'trailer<</Root 1 0 R>>\n%%EOF\n';
  const padding = `${'r'.repeat(99)}\n`.repeat(Math.ceil((bytes - head.length - tail.length - 60) / 100));
  return Buffer.from(head + `3 0 obj<</Length ${padding.length}>>stream\n${padding}\nendstream endobj\n` + tail);
}

// ---------------------------------------------------------------------------------------------
// Checks, each timed

export async function check(name: string, run: () => Promise<string | void>): Promise<void> {
  const start = Date.now();
  try {
    const detail = await run();
    console.log(`ok   ${name} (${((Date.now() - start) / 1000).toFixed(1)} s)${detail ? `: ${detail}` : ''}`);
  } catch (error) {
    console.log(`FAIL ${name} (${((Date.now() - start) / 1000).toFixed(1)} s)`);
    throw error;
  }
}

export async function until<T>(what: string, seconds: number, probe: () => Promise<T | undefined> | T | undefined): Promise<T> {
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
export function mailsTo(to: string): string[] {
  return readdirSync(MAIL_DIR)
    .sort()
    .map((name) => readFileSync(path.join(MAIL_DIR, name), 'utf8'))
    .filter((text) => new RegExp(`^To: .*${to.replace(/[.]/g, '\\.')}`, 'im').test(text))
    .map((text) => text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))));
}

/** `docker stats` lines ("name 123.4MiB / 23.4GiB") as each service's MiB and their sum. */
export function stackMemory(stats: string): string {
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

export function up(extra: string[] = []): void {
  compose(['up', '-d', '--no-build', '--wait', '--wait-timeout', '240', ...extra]);
}
