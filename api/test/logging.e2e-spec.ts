import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource } from 'typeorm';
import { createApp } from '../src/app';
import { loadConfig } from '../src/config';
import { UsersService } from '../src/users/users.service';

const PASSWORD = 'contraseña-muy-secreta';

describe('request logs', () => {
  let app: NestFastifyApplication;
  let dir: string;
  const lines: string[] = [];
  let userId: number;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'portal-logs-'));
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
    const config = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://portal.example.com',
      LOG_LEVEL: 'info',
      SERVE_WEB: 'false',
      SEED_DEMO: 'false',
      SQLITE_PATH: path.join(dir, 'db.sqlite'),
      // The proxy in front: inject's requests come from 127.0.0.1 unless told otherwise.
      TRUST_PROXY: '127.0.0.1',
    });
    app = await createApp(config, { logStream: stream });
    userId = (
      await app.get(UsersService).create({ name: 'Ana', username: 'ana', email: 'ana@example.com', password: PASSWORD, role: 'admin' })
    ).id;
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('are JSON lines with a request id, the route, the status and the time, and never secrets', async () => {
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { username: 'ana', password: PASSWORD } });
    const cookie = String(login.headers['set-cookie']).split(';')[0]!;
    const token = cookie.split('=')[1]!;
    const user = await app.inject({
      method: 'PUT',
      url: '/api/families/7',
      payload: { phone: '5555' },
      headers: { cookie, 'x-request-id': 'proxy-abc-123' },
    });
    expect(user.headers['x-request-id']).toBe('proxy-abc-123');
    await new Promise((resolve) => setTimeout(resolve, 50));

    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const completed = entries.filter((entry) => entry.msg === 'request completed');
    expect(completed).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ reqId: expect.any(String), route: '/api/login', statusCode: 200, responseTime: expect.any(Number) }),
        expect.objectContaining({
          reqId: 'proxy-abc-123',
          method: 'PUT',
          url: '/api/families/7',
          route: '/api/families/:id',
          statusCode: 404,
          userId,
        }),
      ]),
    );

    const all = lines.join('\n');
    expect(all).not.toContain(PASSWORD);
    expect(all).not.toContain(token);
    expect(all).not.toMatch(/portal_session|scrypt\$/);
  });

  it('say who made the request by user id only, and nothing for an anonymous one', async () => {
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { username: 'ana', password: PASSWORD } });
    const cookie = String(login.headers['set-cookie']).split(';')[0]!;
    const before = lines.length;
    await app.inject({ method: 'GET', url: '/api/families', headers: { cookie, 'x-request-id': 'quien-1' } });
    await app.inject({ method: 'GET', url: '/api/families', headers: { 'x-request-id': 'quien-2' } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const entries = lines.slice(before).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries.find((entry) => entry.reqId === 'quien-1')).toMatchObject({ msg: 'request completed', statusCode: 200, userId });
    const anonymous = entries.find((entry) => entry.reqId === 'quien-2');
    expect(anonymous).toMatchObject({ msg: 'request completed', statusCode: 401 });
    expect(anonymous).not.toHaveProperty('userId');
    expect(lines.slice(before).join('\n')).not.toMatch(/ana@example\.com|"Ana"/);
  });

  it('never write a calendar subscription link: its token is in the path', async () => {
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { username: 'ana', password: PASSWORD } });
    const cookie = String(login.headers['set-cookie']).split(';')[0]!;
    const created = await app.inject({ method: 'POST', url: '/api/my-calendar', headers: { cookie } });
    expect(created.statusCode).toBe(201);
    const token = /\/api\/calendar\/([^/]+)\.ics$/.exec(created.json<{ url: string }>().url)![1]!;
    const before = lines.length;
    const feed = await app.inject({ method: 'GET', url: `/api/calendar/${token}.ics`, headers: { 'x-request-id': 'feed-1' } });
    expect(feed.statusCode).toBe(200);
    await app.inject({ method: 'GET', url: `/api/calendar/${token}x.ics?a=${token}`, headers: { 'x-request-id': 'feed-2' } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const written = lines.slice(before);
    const entries = written.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries.find((entry) => entry.reqId === 'feed-1')).toMatchObject({ url: '/api/calendar/[enlace].ics', statusCode: 200 });
    expect(entries.find((entry) => entry.reqId === 'feed-2')).toMatchObject({ url: '/api/calendar/[enlace].ics', statusCode: 404 });
    expect(written.join('\n')).not.toContain(token);
  });

  it('keep a client’s X-Request-Id only when a trusted proxy passed it on', async () => {
    const before = lines.length;
    const direct = await app.inject({
      method: 'GET',
      url: '/api/config',
      headers: { 'x-request-id': 'inventado-por-el-cliente' },
      remoteAddress: '192.0.2.5',
    });
    expect(direct.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const proxied = await app.inject({ method: 'GET', url: '/api/config', headers: { 'x-request-id': 'del-proxy-42' } });
    expect(proxied.headers['x-request-id']).toBe('del-proxy-42');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const written = lines.slice(before).join('\n');
    expect(written).not.toContain('inventado-por-el-cliente');
    expect(written).toContain(String(direct.headers['x-request-id']));
    expect(written).toContain('del-proxy-42');
  });

  it('logs a failed request (500) once with its request id, and never the values it carried', async () => {
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { username: 'ana', password: PASSWORD } });
    const cookie = String(login.headers['set-cookie']).split(';')[0]!;
    const secret = 'Mensaje confidencial 7f3a9';
    // A table gone from under a route: an error no rule maps, so a 500.
    const dataSource = app.get(DataSource);
    await dataSource.query('ALTER TABLE notifications RENAME TO notifications_lost');
    const before = lines.length;
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/api/notifications',
        payload: { title: 'Aviso', message: secret, date: '2026-02-01T15:00:00.000Z' },
        headers: { cookie, 'x-request-id': 'fallo-500' },
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ statusCode: 500, message: 'Ocurrió un error inesperado. Intenta de nuevo.' });
    } finally {
      await dataSource.query('ALTER TABLE notifications_lost RENAME TO notifications');
    }
    await new Promise((resolve) => setTimeout(resolve, 50));

    const written = lines.slice(before);
    const entries = written.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries.filter((entry) => entry.msg === 'request failed')).toEqual([
      expect.objectContaining({ reqId: 'fallo-500', statusCode: 500, err: expect.objectContaining({ message: expect.any(String) }) }),
    ]);
    expect(entries).toContainEqual(expect.objectContaining({ msg: 'request completed', reqId: 'fallo-500', statusCode: 500 }));
    const all = written.join('\n');
    expect(all).not.toContain(secret);
    expect(all).not.toContain(PASSWORD);
    expect(all).not.toContain(cookie.split('=')[1]!);
    expect(all).not.toMatch(/portal_session|scrypt\$|cookie/i);
  });
});
