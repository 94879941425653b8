// The compose stack itself is started and checked by `npm run rehearse` (tools/rehearse/, in CI).
// This checks, on every test run, the compose file against the compose schema and lint rules, the
// settings it gives the API, and the API started with exactly those settings.
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
    {
      environment?: Record<string, string>;
      env_file?: string;
      healthcheck?: { test: string[] };
      depends_on?: Record<string, { condition: string }>;
      image?: string;
      build?: unknown;
    }
  >;
}

const compose = parse(readFileSync(COMPOSE, 'utf8')) as ComposeFile;

/** The example .env a volunteer copies, as compose reads it. */
const example = Object.fromEntries(
  readFileSync(path.join(ROOT, 'compose.env.example'), 'utf8')
    .split('\n')
    .filter((line) => /^[A-Z_]+=/.test(line))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
);

describe('docker-compose.yml', () => {
  it('passes the compose schema and lint rules', () => {
    const bin = path.join(ROOT, 'node_modules/.bin/dclint');
    // Ports without an address: Docker publishes them on IPv4 and IPv6 (families may come by either).
    expect(() => execFileSync(bin, [COMPOSE, '--disable-rule', 'no-unbound-port-interfaces'], { stdio: 'pipe' })).not.toThrow();
  });

  it('runs the API on MariaDB without demo data, behind the proxy, with every setting of .env', () => {
    const api = compose.services.api!;
    expect(api.env_file).toBe('.env');
    expect(api.environment).toMatchObject({
      NODE_ENV: 'production',
      HOST: '0.0.0.0',
      SEED_DEMO: 'false',
      SERVE_WEB: 'false',
      COOKIE_SECURE: 'always',
    });
    // Caddy, by the private ranges Docker gives its networks; never "everyone".
    expect(api.environment!.TRUST_PROXY).toBe('10.0.0.0/8,172.16.0.0/12,192.168.0.0/16');
    // The password is required (no default a volunteer could leave in place) and apart from the
    // URL, so a generated one with / + = works; the root password does not reach the API.
    expect(api.environment!.DATABASE_URL).toBe('mysql://portal@db:3306/portal');
    expect(api.environment!.DATABASE_PASSWORD).toBe('${MARIADB_PASSWORD:?set MARIADB_PASSWORD in .env}');
    expect(api.environment!.MARIADB_ROOT_PASSWORD).toBe('');
    expect(api.environment!.PUBLIC_URL).toMatch(/^\$\{PUBLIC_URL:\?set PUBLIC_URL in \.env/);
    expect(compose.services.proxy!.environment!.PORTAL_DOMAIN).toMatch(/^\$\{PORTAL_DOMAIN:\?/);
    expect(compose.services.db!.image).toBe('mariadb:10.11');
    expect(compose.services.db!.environment!.MARIADB_ROOT_PASSWORD).toMatch(/^\$\{MARIADB_ROOT_PASSWORD:\?/);
    expect(api.depends_on).toEqual({ db: { condition: 'service_healthy' } });
  });

  it('has a healthcheck for every service (in the file or in the image)', () => {
    const inImage = (service: string) => readFileSync(path.join(ROOT, service, 'Dockerfile'), 'utf8').includes('\nHEALTHCHECK ');
    for (const [name, service] of Object.entries(compose.services)) {
      expect([name, Boolean(service.healthcheck) || (Boolean(service.build) && inImage(name))]).toEqual([name, true]);
    }
  });

  it('serves everything from one TLS origin: the shell, both remotes under /remotes/ and the API', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['admin-app', 'api', 'backup', 'db', 'parent-app', 'proxy', 'shell']);
    const caddy = readFileSync(path.join(ROOT, 'tools/docker/Caddyfile'), 'utf8');
    expect(caddy).toMatch(/^\{\$PORTAL_DOMAIN\} \{/m);
    expect(caddy).toMatch(/handle \/api\/\* \{/);
    expect(caddy).toMatch(/handle_path \/remotes\/admin\/\* \{\s*reverse_proxy admin-app:80/);
    expect(caddy).toMatch(/handle_path \/remotes\/parent\/\* \{\s*reverse_proxy parent-app:80/);
    expect(caddy).toContain('Strict-Transport-Security "max-age=15552000"');
    expect(example).toMatchObject({
      ADMIN_REMOTE_URL: '/remotes/admin/remoteEntry.js',
      PARENT_REMOTE_URL: '/remotes/parent/remoteEntry.js',
    });
    // No example value a volunteer could leave in place: compose refuses the empty ones by name.
    expect(example.PORTAL_DOMAIN).toBe('');
    expect(example.PUBLIC_URL).toBe('');
  });
});

describe.each(DATABASES)('the API started as compose starts it (%s)', (kind) => {
  let api: TestApi;

  beforeAll(async () => {
    // .env as compose.env.example writes it, then the service's own lines. The database is this
    // test's own (MariaDB when MYSQL_URL is set); everything else is compose's.
    const env: Record<string, string> = { ...example, ...compose.services.api!.environment! };
    for (const name of [
      'DATABASE_URL',
      'DATABASE_PASSWORD',
      'PORT',
      'SMTP_URL',
      'BACKUP_DIR',
      'FILES_DIR',
      'MARIADB_PASSWORD',
      'MARIADB_ROOT_PASSWORD',
    ])
      delete env[name];
    api = await startApi(kind, { ...env, PUBLIC_URL: 'https://portal.colegiosanjose.edu.gt', LOG_LEVEL: 'silent' });
  });
  afterAll(() => api.close());

  it('migrates the database, seeds no demo accounts and reports ready', async () => {
    expect(api.config.nodeEnv).toBe('production');
    expect(api.config.publicUrl).toBe('https://portal.colegiosanjose.edu.gt');
    expect(await api.dataSource.getRepository(UserEntity).count()).toBe(0);
    const config = await api.agent().get<PublicConfig>('/api/config');
    expect(config.body.demoAccounts).toEqual([]);
    expect(await api.agent().get('/api/health/ready')).toMatchObject({ status: 200, body: { status: 'ok', database: 'ok' } });
  });
});
