import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DATABASES, startApi, type Agent, type TestApi } from './harness';
import { BOUNDARY } from './receipts-fixtures';

// Who may upload is checked before the body is read: an anonymous or wrong-role upload is refused
// at once, its body never held in memory.

const TEN_MB = Buffer.alloc(10 * 1024 * 1024, 0x41);
const HEAD = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\n`);

interface Sent {
  status: number | null;
  body: string;
  headers: Record<string, unknown>;
}

/**
 * Sends the headers of a 10 MB multipart upload and its first 64 KB, then waits (2 s at most)
 * for the answer before sending more: an API that reads the body first never answers in time.
 */
function startUpload(port: number, url: string, cookie?: string): Promise<Sent> {
  return new Promise((resolve) => {
    const request = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: url,
      headers: {
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'content-length': String(HEAD.length + TEN_MB.length),
        ...(cookie ? { cookie } : {}),
      },
    });
    const timer = setTimeout(() => {
      request.destroy();
      resolve({ status: null, body: '', headers: {} });
    }, 2000);
    request.on('response', (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => {
        clearTimeout(timer);
        request.destroy();
        resolve({ status: response.statusCode ?? null, body, headers: response.headers });
      });
    });
    request.on('error', () => undefined);
    request.write(HEAD);
    request.write(TEN_MB.subarray(0, 64 * 1024));
  });
}

/** The whole 10 MB body, sent as fast as the server takes it; resolves when answered or cut. */
function fullUpload(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const request = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/my-family/payment-proofs',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'content-length': String(HEAD.length + TEN_MB.length) },
    });
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? null));
    });
    request.on('error', () => resolve(null));
    request.write(HEAD);
    request.end(TEN_MB);
  });
}

const cookieOf = (agent: Agent) => [...agent.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

describe.each(DATABASES)('uploads: the session and role before the body (%s)', (kind) => {
  let api: TestApi;
  let port: number;

  beforeAll(async () => {
    api = await startApi(kind);
    await api.app.listen({ port: 0, host: '127.0.0.1' });
    port = (api.app.getHttpServer().address() as AddressInfo).port;
  });
  afterAll(() => api.close());

  it('refuses an anonymous receipt with 401 before its body arrives, and closes the connection', async () => {
    const sent = await startUpload(port, '/api/my-family/payment-proofs');
    expect(sent.status).toBe(401);
    expect(JSON.parse(sent.body)).toEqual({ statusCode: 401, message: 'Debes iniciar sesión para continuar.' });
    expect(sent.headers.connection).toBe('close');
  });

  it('refuses the wrong role with 403 before the body: an admin sending a receipt, a parent a bank statement', async () => {
    const admin = await api.signedIn('admin');
    const parent = await api.signedIn('parent');
    expect((await startUpload(port, '/api/my-family/payment-proofs', cookieOf(admin))).status).toBe(403);
    expect((await startUpload(port, '/api/bank-statements/preview', cookieOf(parent))).status).toBe(403);
    expect((await startUpload(port, '/api/bank-statements/preview')).status).toBe(401);
    // A session that has ended is no session.
    expect((await startUpload(port, '/api/my-family/payment-proofs', 'portal_session=ya-no-existe')).status).toBe(401);
  });

  it('keeps the memory of twelve anonymous 10 MB bodies at once under 40 MB', async () => {
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    const statuses = await Promise.all(Array.from({ length: 12 }, () => fullUpload(port)));
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    const grewMb = (peak - before) / 1024 / 1024;
    console.warn(`twelve anonymous 10 MB uploads: rss ${Math.round(before / 1048576)} -> peak ${Math.round(peak / 1048576)} MB`);
    // Answered 401, or cut by the server once answered: never 201, never read to the end.
    for (const status of statuses) expect([401, null]).toContain(status);
    expect(grewMb).toBeLessThan(40);
  });
});
