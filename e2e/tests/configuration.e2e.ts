import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT, startPortal } from '../support/portal';

describe('starting the built API with a bad setting', () => {
  it.each([
    [{ PORT: 'tres mil' }, 'PORT'],
    [{ DATABASE_URL: 'postgres://db/portal' }, 'DATABASE_URL'],
  ])('stops at once with a message naming the variable (%j)', (env, name) => {
    const result = spawnSync(process.execPath, [path.join(ROOT, 'api/dist/main.js')], {
      env: { ...process.env, SERVE_WEB: 'false', ...env },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`Invalid configuration: ${name} must`);
  });

  // A wrong database password is not mended by retrying: the API stops within seconds and says
  // which setting to fix, so `docker compose ps` shows it restarting and its log says why.
  (process.env.MYSQL_URL ? it : it.skip)('stops within 10 s on a wrong database password, naming DATABASE_PASSWORD', () => {
    const server = new URL(process.env.MYSQL_URL!);
    server.pathname = '/portal';
    const started = Date.now();
    const result = spawnSync(process.execPath, [path.join(ROOT, 'api/dist/main.js')], {
      env: { ...process.env, SERVE_WEB: 'false', NODE_ENV: 'development', DATABASE_URL: server.href, DATABASE_PASSWORD: 'no/es+la=clave' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Cannot connect to the database: the database refused the user or password: check DATABASE_PASSWORD');
    expect(result.stderr).not.toContain('no/es+la=clave');
  });
});

describe('npm run create-admin', () => {
  it('creates an administrator who can then sign in, and refuses a short password', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-admin-'));
    const env = {
      ...process.env,
      SQLITE_PATH: path.join(dir, 'portal.sqlite'),
      DATABASE_URL: '',
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://portal.example.com',
    };
    const script = path.join(ROOT, 'api/dist/create-admin.js');
    const short = spawnSync(process.execPath, [script, '--username', 'comite', '--name', 'Comité'], {
      env: { ...env, ADMIN_PASSWORD: 'corta' },
      encoding: 'utf8',
    });
    expect(short.status).toBe(2);
    expect(short.stderr).toContain('at least 8 characters');
    // The demo's published password, and no password at all (no terminal, nothing typed): exit 1.
    const demo = spawnSync(process.execPath, [script, '--username', 'comite', '--name', 'Comité'], {
      env: { ...env, ADMIN_PASSWORD: 'Graduacion2026' },
      encoding: 'utf8',
    });
    expect([demo.status, demo.stderr]).toEqual([1, expect.stringContaining('demo password')]);
    const none = spawnSync(process.execPath, [script, '--username', 'comite', '--name', 'Comité'], { env, input: '', encoding: 'utf8' });
    expect([none.status, none.stderr]).toEqual([1, expect.stringContaining('No password was given')]);
    const created = spawnSync(process.execPath, [script, '--username', 'comite', '--name', 'Comité de Padres'], {
      env: { ...env, ADMIN_PASSWORD: 'una-clave-del-comite' },
      encoding: 'utf8',
    });
    expect(created.status).toBe(0);
    expect(created.stdout).toContain('Administrator "comite" created.');
    // Without ADMIN_PASSWORD the password is asked for, and what is typed is not echoed.
    const asked = spawnSync(process.execPath, [script, '--username', 'tesorera', '--name', 'Tesorera'], {
      env,
      input: 'clave-tecleada-2026\n',
      encoding: 'utf8',
    });
    expect(asked.status).toBe(0);
    expect(asked.stdout).toContain('Password: ');
    expect(asked.stdout).toContain('Administrator "tesorera" created.');
    expect(asked.stdout).not.toContain('clave-tecleada');

    const portal = await startPortal({ SQLITE_PATH: env.SQLITE_PATH, SEED_DEMO: 'false' });
    try {
      const response = await fetch(`${portal.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'comite', password: 'una-clave-del-comite' }),
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ username: 'comite', role: 'admin', name: 'Comité de Padres' });
    } finally {
      await portal.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
