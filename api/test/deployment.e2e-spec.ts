// docker-compose cannot run here (no container engine), so this checks what can be checked: the
// compose file against the compose schema and lint rules, and the API started with the exact
// environment compose gives it.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import type { PublicConfig } from '@portal/contracts';
import { UserEntity } from '../src/users/user.entity';
import { DATABASES, startApi, type TestApi } from './harness';

const ROOT = path.resolve(__dirname, '..', '..');
const COMPOSE = path.join(ROOT, 'docker-compose.yml');

interface ComposeFile {
  services: Record<
    string,
    { environment?: Record<string, string>; healthcheck?: { test: string[] }; depends_on?: Record<string, { condition: string }> }
  >;
}

const compose = parse(readFileSync(COMPOSE, 'utf8')) as ComposeFile;

/** `${NAME:-default}` -> default, as compose does with an empty environment. */
const withDefaults = (value: string) => value.replace(/\$\{[A-Z_]+:-([^}]*)\}/g, '$1');

describe('docker-compose.yml', () => {
  it('passes the compose schema and lint rules', () => {
    const bin = path.join(ROOT, 'node_modules/.bin/dclint');
    expect(() => execFileSync(bin, [COMPOSE], { stdio: 'pipe' })).not.toThrow();
  });

  it('runs the API on MySQL without demo data, behind the proxy, after the database is healthy', () => {
    const api = compose.services.api!;
    expect(api.environment).toMatchObject({ NODE_ENV: 'production', HOST: '0.0.0.0', SEED_DEMO: 'false', SERVE_WEB: 'false' });
    // The shell's nginx, by the private ranges Docker gives its networks; never "everyone".
    expect(api.environment!.TRUST_PROXY).toBe('10.0.0.0/8,172.16.0.0/12,192.168.0.0/16');
    expect(api.environment!.DATABASE_URL).toMatch(/^mysql:\/\/portal:.+@db:3306\/portal$/);
    expect(api.depends_on).toEqual({ db: { condition: 'service_healthy' } });
    expect(api.healthcheck!.test.join(' ')).toContain('/api/health/ready');
  });

  it('has the shell’s nginx write the client’s address and request id itself, and pass the outer scheme on', () => {
    const nginx = readFileSync(path.join(ROOT, 'tools/docker/shell.nginx.conf'), 'utf8');
    const api = nginx.slice(nginx.indexOf('location /api/'), nginx.indexOf('\n  }', nginx.indexOf('location /api/')));
    expect(api).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
    expect(api).toContain('proxy_set_header X-Forwarded-Proto $forwarded_proto;');
    expect(api).toContain('proxy_set_header X-Forwarded-Host "";');
    expect(api).toContain('proxy_set_header X-Request-Id $request_id;');
    expect(nginx).not.toContain('$proxy_add_x_forwarded_for');
    expect(nginx).toMatch(/map \$http_x_forwarded_proto \$forwarded_proto \{\s*default \$scheme;\s*https https;\s*http http;\s*\}/);
  });

  it('keeps calendar subscription links, whose path is their secret, out of nginx’s access log', () => {
    const nginx = readFileSync(path.join(ROOT, 'tools/docker/shell.nginx.conf'), 'utf8');
    expect(nginx).toMatch(/location \/api\/calendar\/ \{\s*proxy_pass \$\{API_UPSTREAM\};\s*access_log off;\s*\}/);
    expect(nginx).toMatch(/location \/api\/unsubscribe\/ \{\s*proxy_pass \$\{API_UPSTREAM\};\s*access_log off;\s*\}/);
    // Query strings (one-time links' tokens) never reach the access log: $uri, never $request or $request_uri.
    const format = /log_format portal ([^;]+);/.exec(nginx)?.[1] ?? '';
    expect(format).toContain('$uri');
    expect(format).not.toMatch(/\$request(_uri)?\b(?!_)|\$args|\$query_string/);
    expect(nginx).toMatch(/access_log \/var\/log\/nginx\/access\.log portal;/);
  });

  it('serves the shell and both remotes as separate services with the remote URLs set at run time', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['admin-app', 'api', 'db', 'parent-app', 'shell']);
    expect(compose.services.shell!.environment).toMatchObject({
      ADMIN_REMOTE_URL: expect.stringContaining('remoteEntry.js'),
      PARENT_REMOTE_URL: expect.stringContaining('remoteEntry.js'),
    });
  });
});

describe.each(DATABASES)('the API started as compose starts it (%s)', (kind) => {
  let api: TestApi;

  beforeAll(async () => {
    const env = Object.fromEntries(Object.entries(compose.services.api!.environment!).map(([name, value]) => [name, withDefaults(value)]));
    // The database is this test's own (MariaDB when MYSQL_URL is set); everything else is compose's.
    delete env.DATABASE_URL;
    delete env.PORT;
    api = await startApi(kind, { ...env, LOG_LEVEL: 'silent' });
  });
  afterAll(() => api.close());

  it('migrates the database, seeds no demo accounts and reports ready', async () => {
    expect(api.config.nodeEnv).toBe('production');
    expect(await api.dataSource.getRepository(UserEntity).count()).toBe(0);
    const config = await api.agent().get<PublicConfig>('/api/config');
    expect(config.body.demoAccounts).toEqual([]);
    expect(await api.agent().get('/api/health/ready')).toMatchObject({ status: 200, body: { status: 'ok', database: 'ok' } });
  });
});
