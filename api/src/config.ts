// Every setting of the API comes from an environment variable, checked once at start. A bad
// value stops the process with a message that names the variable (see .env.example).
import { isIP } from 'node:net';
import path from 'node:path';
import { PRODUCTION_LOG2_N } from './auth/password';

export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** `mysql://` or `mariadb://` URL; unset means the embedded SQLite file. */
  databaseUrl: string | null;
  sqlitePath: string;
  seedDemo: boolean;
  /** Serve the built shell and remotes from this process (what `npm start` does). */
  serveWeb: boolean;
  webRoot: string;
  adminRemoteUrl: string;
  parentRemoteUrl: string;
  /**
   * Which peers may speak for the client through X-Forwarded-*: none (false), the nearest N hops,
   * or the proxies at these addresses, subnets or names (loopback, linklocal, uniquelocal).
   */
  trustProxy: TrustProxy;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  /** How long a resolved session is trusted from memory before the database is asked again. */
  sessionCacheSeconds: number;
  contactPhone: string;
  contactEmail: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'silent';
  /** Session cookie Secure: `auto` when the request is HTTPS (through trusted proxies), or `always`. */
  cookieSecure: 'auto' | 'always';
  /** A MySQL/MariaDB query (or connection attempt) not answered by then fails: a 503. */
  dbQueryTimeoutMs: number;
  /** MySQL/MariaDB connections this process keeps open at most. */
  dbPoolSize: number;
  /** How long an SQLite write waits for another process's lock before a 503. */
  sqliteBusyTimeoutMs: number;
  /** A request not answered by then gets a 503 (0: no limit). */
  requestTimeoutMs: number;
  /** Largest request body accepted, in bytes. */
  bodyLimit: number;
  /** Origins, besides the API's own, whose pages may send state-changing requests (CSRF check). */
  allowedOrigins: string[];
  /** Where parents open the portal: the links in e-mails start here (never taken from a request). */
  publicUrl: string;
  /** `smtp://user:pass@host:587` or `smtps://...`; unset: e-mails wait in the outbox. */
  smtpUrl: string | null;
  mailFrom: string;
  /** How often each instance looks for e-mails to send; 0 sends only when asked (tests). */
  mailPollSeconds: number;
  /** Most e-mails sent in any minute, over every instance (a notice to the class goes in batches). */
  mailRatePerMinute: number;
  /** Run the daily payment reminders at 08:00 Guatemala time (off in tests, which run them by hand). */
  remindersScheduled: boolean;
  /** scrypt's cost as log2(N): 17 always, except with NODE_ENV=test, where SCRYPT_LOG2_N may lower it (auth/password.ts). */
  scryptLog2N: number;
}

export type TrustProxy = false | { hops: number } | { addresses: string[] };

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function text(env: Env, name: string, fallback: string): string {
  const value = env[name];
  return value === undefined || value === '' ? fallback : value;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max} (got "${raw}").`);
  }
  return value;
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off)$/i.test(raw)) return false;
  throw new ConfigError(`${name} must be true or false (got "${raw}").`);
}

function oneOf<T extends string>(env: Env, name: string, fallback: T, allowed: readonly T[]): T {
  const raw = text(env, name, fallback);
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new ConfigError(`${name} must be one of ${allowed.join(', ')} (got "${raw}").`);
  }
  return raw as T;
}

function databaseUrl(env: Env): string | null {
  const raw = env.DATABASE_URL;
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError('DATABASE_URL must be a URL such as mysql://user:password@host:3306/portal.');
  }
  if (url.protocol !== 'mysql:' && url.protocol !== 'mariadb:') {
    throw new ConfigError(`DATABASE_URL must start with mysql:// or mariadb:// (got "${url.protocol}//").`);
  }
  if (url.pathname.length < 2) throw new ConfigError('DATABASE_URL must name the database (mysql://host:3306/portal).');
  return raw;
}

/** `https://a.example, http://localhost:3001` -> their origins, as browsers write them. */
function origins(env: Env, name: string): string[] {
  const raw = env[name];
  if (!raw) return [];
  return raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      let url: URL | undefined;
      try {
        url = new URL(entry);
      } catch {
        url = undefined;
      }
      if (!url || !/^https?:$/.test(url.protocol) || url.pathname !== '/' || url.search || url.hash || url.username) {
        throw new ConfigError(`${name} must be a comma-separated list of origins such as https://portal.example.com (got "${entry}").`);
      }
      return url.origin;
    });
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** `1` (hops), `10.0.0.0/8,172.16.0.0/12` (proxies' addresses), or off; never "everyone". */
function trustProxy(env: Env): TrustProxy {
  const raw = (env.TRUST_PROXY ?? '').trim();
  if (raw === '' || /^(0|false|no|off)$/i.test(raw)) return false;
  if (/^(true|yes|on)$/i.test(raw)) {
    throw new ConfigError(
      'TRUST_PROXY=true is no longer accepted: it trusted X-Forwarded-For from any client, who could pick the address ' +
        'rate limits see. Give the number of proxies in front of the API (TRUST_PROXY=1) or their addresses ' +
        '(TRUST_PROXY=10.0.0.0/8,172.16.0.0/12).',
    );
  }
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops > 10)
      throw new ConfigError(`TRUST_PROXY must be a number of proxies from 1 to 10 or a list of their addresses (got "${raw}").`);
    return { hops };
  }
  const addresses = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of addresses) {
    const [address = '', prefix, ...rest] = entry.split('/');
    const family = isIP(address);
    const validPrefix = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32));
    if (!PROXY_NAMES.has(entry) && (family === 0 || !validPrefix || rest.length > 0)) {
      throw new ConfigError(
        `TRUST_PROXY must be a number of proxies (1) or a comma-separated list of their addresses, subnets or ` +
          `loopback/linklocal/uniquelocal, e.g. 10.0.0.0/8,172.16.0.0/12 (got "${entry}").`,
      );
    }
  }
  return { addresses };
}

/** `127.0.0.1`, `localhost`, `::1`: only this machine can connect. */
function isLoopback(host: string): boolean {
  return /^(localhost|::1|\[::1\]|127(\.\d{1,3}){3})$/i.test(host);
}

/**
 * Whether the demo accounts, whose password the portal publishes, may sign in: the same rule as
 * seeding them (a loopback HOST outside production), applied to whatever the database holds.
 */
export function demoAllowed(config: Pick<AppConfig, 'nodeEnv' | 'host'>): boolean {
  return config.nodeEnv !== 'production' && isLoopback(config.host);
}

/**
 * Demo accounts have published passwords (the landing page lists them): only on a portal that
 * listens on this machine alone, outside production. Off by default elsewhere; asked for
 * elsewhere, a ConfigError (a reverse proxy on the same host could still publish a loopback
 * portal, which is why production refuses them whatever the address).
 */
function seedDemo(env: Env, nodeEnv: AppConfig['nodeEnv'], host: string): boolean {
  const allowed = demoAllowed({ nodeEnv, host });
  const wanted = flag(env, 'SEED_DEMO', allowed);
  if (wanted && !allowed) {
    throw new ConfigError(
      `SEED_DEMO=true creates accounts whose passwords the portal publishes: it is allowed only with a loopback HOST ` +
        `(127.0.0.1, localhost, ::1) and NODE_ENV other than production (got HOST=${host}, NODE_ENV=${nodeEnv}). ` +
        `Set SEED_DEMO=false and create the committee's account with npm run create-admin.`,
    );
  }
  return wanted;
}

/** The repository root: the API runs from api/dist/main.js, tests from api/src. */
const repoRoot = path.resolve(__dirname, '..', '..');

export function loadConfig(env: Env = process.env): AppConfig {
  const nodeEnv = oneOf(env, 'NODE_ENV', 'development', ['development', 'production', 'test'] as const);
  // Loopback unless told otherwise: the containers set HOST=0.0.0.0 themselves.
  const host = text(env, 'HOST', '127.0.0.1');
  return {
    nodeEnv,
    host,
    port: integer(env, 'PORT', 3000, 0, 65535),
    databaseUrl: databaseUrl(env),
    sqlitePath: path.resolve(text(env, 'SQLITE_PATH', path.join(repoRoot, 'data', 'portal.sqlite'))),
    seedDemo: seedDemo(env, nodeEnv, host),
    serveWeb: flag(env, 'SERVE_WEB', true),
    webRoot: path.resolve(text(env, 'WEB_ROOT', repoRoot)),
    adminRemoteUrl: text(env, 'ADMIN_REMOTE_URL', '/remotes/admin/remoteEntry.js'),
    parentRemoteUrl: text(env, 'PARENT_REMOTE_URL', '/remotes/parent/remoteEntry.js'),
    trustProxy: trustProxy(env),
    sessionIdleMinutes: integer(env, 'SESSION_IDLE_MINUTES', 12 * 60, 5, 30 * 24 * 60),
    sessionAbsoluteHours: integer(env, 'SESSION_ABSOLUTE_HOURS', 7 * 24, 1, 90 * 24),
    sessionCacheSeconds: integer(env, 'SESSION_CACHE_SECONDS', 5, 0, 60),
    contactPhone: text(env, 'CONTACT_PHONE', '+502 5555 2026'),
    contactEmail: text(env, 'CONTACT_EMAIL', 'comite@promocion2026.edu.gt'),
    logLevel: oneOf(env, 'LOG_LEVEL', nodeEnv === 'test' ? 'silent' : 'info', [
      'fatal',
      'error',
      'warn',
      'info',
      'debug',
      'silent',
    ] as const),
    cookieSecure: oneOf(env, 'COOKIE_SECURE', 'auto', ['auto', 'always'] as const),
    dbQueryTimeoutMs: integer(env, 'DB_QUERY_TIMEOUT_MS', 10_000, 100, 600_000),
    dbPoolSize: integer(env, 'DB_POOL_SIZE', 10, 1, 100),
    sqliteBusyTimeoutMs: integer(env, 'SQLITE_BUSY_TIMEOUT_MS', 250, 0, 10_000),
    requestTimeoutMs: integer(env, 'REQUEST_TIMEOUT_MS', 20_000, 0, 600_000),
    bodyLimit: integer(env, 'BODY_LIMIT_BYTES', 64 * 1024, 1024, 10 * 1024 * 1024),
    allowedOrigins: origins(env, 'ALLOWED_ORIGINS'),
    ...mail(env, nodeEnv),
    remindersScheduled: flag(env, 'REMINDERS_SCHEDULED', nodeEnv !== 'test'),
    scryptLog2N: nodeEnv === 'test' ? integer(env, 'SCRYPT_LOG2_N', PRODUCTION_LOG2_N, 10, 20) : PRODUCTION_LOG2_N,
  };
}

function mail(
  env: Env,
  nodeEnv: AppConfig['nodeEnv'],
): Pick<AppConfig, 'publicUrl' | 'smtpUrl' | 'mailFrom' | 'mailPollSeconds' | 'mailRatePerMinute'> {
  const port = integer(env, 'PORT', 3000, 0, 65535);
  const [publicUrl] = origins({ PUBLIC_URL: text(env, 'PUBLIC_URL', `http://localhost:${port}`) }, 'PUBLIC_URL');
  // Every invitation, confirmation and reminder link starts here: in production one on this
  // machine's own name would reach no family.
  if (nodeEnv === 'production' && isLoopback(new URL(publicUrl!).hostname)) {
    throw new ConfigError(
      `PUBLIC_URL must be the address families open, such as https://portal.colegio.edu.gt, when NODE_ENV=production ` +
        `(got ${publicUrl}): the links in e-mails start with it.`,
    );
  }
  const smtpUrl = env.SMTP_URL || null;
  if (smtpUrl && !/^smtps?:\/\/[^/]+/.test(smtpUrl)) {
    throw new ConfigError('SMTP_URL must be a URL such as smtp://user:password@smtp.example.com:587.');
  }
  return {
    publicUrl: publicUrl!,
    smtpUrl,
    mailFrom: text(env, 'MAIL_FROM', `Portal de graduación <${text(env, 'CONTACT_EMAIL', 'comite@promocion2026.edu.gt')}>`),
    mailPollSeconds: integer(env, 'MAIL_POLL_SECONDS', 5, 0, 3600),
    mailRatePerMinute: integer(env, 'MAIL_RATE_PER_MINUTE', 60, 1, 100_000),
  };
}
