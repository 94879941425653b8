// Requests refused before any route runs, and inputs that used to crash a walk or a static-file
// lookup: each gets a 4xx with the security headers and a Spanish JSON body, never a 500 or
// Fastify's bare English answer. Real sockets where inject cannot produce the request (Node's
// HTTP parser refuses it before Fastify sees it).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MESSAGES } from '../src/common/api-exception.filter';
import { MAX_JSON_DEPTH, TOO_DEEP_MESSAGE } from '../src/common/json-body';
import { snapshotTables } from './fixtures';
import { ANY_DATABASE, startApi, type TestApi } from './harness';

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends `request` as written and reads the answer until the server closes or it is complete. */
function rawRequest(port: number, request: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const finish = () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    };
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      const text = Buffer.concat(chunks).toString('utf8');
      const length = /\r\ncontent-length: (\d+)/i.exec(text)?.[1];
      const bodyStart = text.indexOf('\r\n\r\n');
      if (length !== undefined && bodyStart >= 0 && Buffer.byteLength(text.slice(bodyStart + 4)) >= Number(length)) socket.end();
    });
    socket.on('close', finish);
    socket.on('error', reject);
    socket.write(request);
  });
}

function expectHardened(response: { status: number; headers: Record<string, unknown>; body: string }, status: number, message: string) {
  expect(response.status).toBe(status);
  expect(response.headers).toMatchObject({
    'content-type': 'application/json; charset=utf-8',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
  });
  expect(String(response.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  expect(JSON.parse(response.body)).toEqual({ statusCode: status, message });
}

describe('early refusals and crash-prone input', () => {
  let api: TestApi;
  let webRoot: string;
  let port: number;

  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(tmpdir(), 'portal-early-'));
    for (const file of ['shell/dist/index.html', 'admin-app/dist/remoteEntry.js']) {
      mkdirSync(path.dirname(path.join(webRoot, file)), { recursive: true });
      writeFileSync(path.join(webRoot, file), file.endsWith('.html') ? '<!doctype html><title>shell</title>' : 'var portal_admin;');
    }
    api = await startApi(ANY_DATABASE, { SERVE_WEB: 'true', WEB_ROOT: webRoot });
    await api.app.listen({ port: 0, host: '127.0.0.1' });
    port = (api.app.getHttpServer().address() as AddressInfo).port;
  });
  afterAll(async () => {
    await api.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it.each([
    ['a URL the router cannot decode', 'GET /api/%E0%A4%A HTTP/1.1\r\nHost: x\r\n\r\n', 400, MESSAGES.badRequest],
    ['a static path it cannot decode', 'GET /remotes/admin/%E0%A4%A HTTP/1.1\r\nHost: x\r\n\r\n', 400, MESSAGES.badRequest],
    [
      'headers over the limit',
      `GET /api/config HTTP/1.1\r\nHost: x\r\nX-Relleno: ${'a'.repeat(20_000)}\r\n\r\n`,
      431,
      'Los encabezados de la solicitud son demasiado grandes.',
    ],
    ['a method HTTP does not know', 'FOO /api/config HTTP/1.1\r\nHost: x\r\n\r\n', 400, MESSAGES.badRequest],
    ['a request line that is not HTTP', 'GET /api/config HTTQ/1.1\r\nHost: x\r\n\r\n', 400, MESSAGES.badRequest],
    ['a header without a name', 'GET /api/config HTTP/1.1\r\nHost: x\r\n: vacío\r\n\r\n', 400, MESSAGES.badRequest],
  ])('%s: security headers and a Spanish JSON body', async (_name, request, status, message) => {
    expectHardened(await rawRequest(port, request), status, message);
  });

  it('keeps serving after those refusals', async () => {
    const response = await rawRequest(port, 'GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(response.status).toBe(200);
  });

  it(`refuses JSON nested deeper than ${MAX_JSON_DEPTH} levels with a Spanish 400, and writes nothing`, async () => {
    const admin = await api.signedIn('admin');
    const before = await snapshotTables(api, { except: ['sessions'] });
    const nested = (depth: number) =>
      `{"title":"Aviso","message":"x","date":"2026-02-01T15:00:00.000Z","extra":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;
    const deep = await admin.request('POST', '/api/notifications', nested(10_000));
    expect(deep.rawBody.length).toBeLessThan(50_000);
    expectHardened({ ...deep, body: deep.text }, 400, TOO_DEEP_MESSAGE);
    expect((await admin.request('POST', '/api/notifications', nested(MAX_JSON_DEPTH + 1))).body).toEqual({
      statusCode: 400,
      message: TOO_DEEP_MESSAGE,
    });
    // At the limit the body is read, and refused for what it says (an unknown field), not its depth.
    const atLimit = await admin.request('POST', '/api/notifications', nested(MAX_JSON_DEPTH));
    expect(atLimit.status).toBe(400);
    expect(atLimit.text).not.toContain(TOO_DEEP_MESSAGE);
    // Objects count as levels too; before anyone signs in, on the login route.
    const objects = `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`;
    expect((await api.agent().request('POST', '/api/login', objects)).body).toEqual({ statusCode: 400, message: TOO_DEEP_MESSAGE });
    expect(await snapshotTables(api, { except: ['sessions'] })).toEqual(before);
  });

  it.each([
    '/remotes/admin/%00',
    '/remotes/admin/remoteEntry.js%00',
    '/%00',
    '/remotes/admin/%2e%2e/%2e%2e/etc/passwd',
    '/remotes/admin/..%2f..%2fetc%2fpasswd',
    '/remotes/admin/%2e%2e%5c%2e%2e%5cetc%5cpasswd',
    '/remotes/admin/%c0%ae%c0%ae/etc/passwd',
  ])('answers the static-file refusal %s with a 4xx, never a 500', async (url) => {
    const response = await api.agent().get(url);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(response.text).not.toMatch(/root:|Error|at /);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    if (response.headers['content-type']?.toString().startsWith('application/json'))
      expect(response.body).toEqual({
        statusCode: response.status,
        message: expect.stringMatching(/[áéíóúñ]|No encontramos|no es válida/),
      });
  });
});
