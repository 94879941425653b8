// Every setting of the API comes from an environment variable, declared below with its type and
// default (see .env.example) and checked with zod once at start. A bad value stops the process
// with a message that names the variable; an empty one counts as unset.
import { tmpdir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { PRODUCTION_LOG2_N } from './users/password';

export type TrustProxy = false | { hops: number } | { addresses: string[] };

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

/** The variable a value belongs to, from where zod reports the issue. */
const nameOf = (issue: { path?: PropertyKey[] }) => String(issue.path?.[0]);

const whole = (min: number, max: number) =>
  z
    .string()
    .refine((raw) => Number.isInteger(Number(raw)) && Number(raw) >= min && Number(raw) <= max, {
      error: (issue) => `${nameOf(issue)} must be a whole number from ${min} to ${max} (got "${String(issue.input)}").`,
    })
    .transform(Number);

const flag = z.stringbool({
  truthy: ['1', 'true', 'yes', 'on'],
  falsy: ['0', 'false', 'no', 'off'],
  error: (issue) => `${nameOf(issue)} must be true or false (got "${String(issue.input)}").`,
});

/** `02:30`: a time of day on a 24-hour clock, as the schedule reads it (backup/schedule.ts). */
const clock = z.string().regex(/^([01]\d|2[0-3]):([0-5]\d)$/, {
  error: (issue) => `${nameOf(issue)} must be a time such as 02:30, from 00:00 to 23:59 (got "${String(issue.input)}").`,
});

const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: (issue) => `${nameOf(issue)} must be one of ${values.join(', ')} (got "${String(issue.input)}").` });

const list = (raw: string) =>
  raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);

/**
 * `https://Portal.example.com/` -> `https://portal.example.com`, as browsers write an origin. By hand
 * because zod's url() also takes a path, a query and a user, which no origin has (csrf.e2e-spec.ts).
 */
const origin = (what: string) =>
  z
    .string()
    .refine(
      (entry) => {
        const url = URL.canParse(entry) ? new URL(entry) : null;
        return url !== null && /^https?:$/.test(url.protocol) && url.pathname === '/' && !url.search && !url.hash && !url.username;
      },
      { error: (issue) => `${nameOf(issue)} must be ${what} such as https://portal.example.com (got "${String(issue.input)}").` },
    )
    .transform((entry) => new URL(entry).origin);

// The URL holds a password: only its scheme is ever repeated in a message.
const databaseUrl = z
  .string()
  .refine((raw) => URL.canParse(raw), { error: 'DATABASE_URL must be a URL such as mysql://user:password@host:3306/portal.', abort: true })
  .refine((raw) => ['mysql:', 'mariadb:'].includes(new URL(raw).protocol), {
    error: (issue) => `DATABASE_URL must start with mysql:// or mariadb:// (got "${new URL(String(issue.input)).protocol}//").`,
    abort: true,
  })
  .refine((raw) => new URL(raw).pathname.length >= 2, { error: 'DATABASE_URL must name the database (mysql://host:3306/portal).' });

/** The restore's account (RESTORE_DATABASE_URL): a server, not a database. */
const serverUrl = z.string().refine((raw) => URL.canParse(raw) && /^(mysql|mariadb):$/.test(new URL(raw).protocol), {
  error: (issue) => `${nameOf(issue)} must be a URL such as mysql://root@db:3306.`,
});

/** The URL with this password in it, escaped; the URL's own password when none is given. */
function withPassword(raw: string, password: string | undefined): string {
  if (password === undefined) return raw;
  const url = new URL(raw);
  url.password = encodeURIComponent(password);
  return url.toString();
}

/** What a MySQL/MariaDB client needs, read from a database URL (its parts percent-decoded). */
export function mysqlConnection(databaseUrl: string) {
  const url = new URL(databaseUrl);
  return {
    host: url.hostname,
    port: Number(url.port || 3306),
    username: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    database: decodeURIComponent(url.pathname.slice(1)),
  };
}

/** A proxy's address, its subnet, or a name proxy-addr knows. */
const proxyAddress = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6(), z.enum(['loopback', 'linklocal', 'uniquelocal'])]);

/** `1` (hops), `10.0.0.0/8,172.16.0.0/12` (proxies' addresses), or off; never "everyone". */
const trustProxy = z.string().transform((raw, context): TrustProxy => {
  const value = raw.trim();
  const refuse = (message: string) => {
    context.addIssue({ code: 'custom', message });
    return z.NEVER;
  };
  if (value === '' || /^(0|false|no|off)$/i.test(value)) return false;
  if (/^(true|yes|on)$/i.test(value)) {
    return refuse(
      'TRUST_PROXY=true is no longer accepted: it trusted X-Forwarded-For from any client, who could pick the address ' +
        'rate limits see. Give the number of proxies in front of the API (TRUST_PROXY=1) or their addresses ' +
        '(TRUST_PROXY=10.0.0.0/8,172.16.0.0/12).',
    );
  }
  if (/^\d+$/.test(value)) {
    if (Number(value) > 10)
      return refuse(`TRUST_PROXY must be a number of proxies from 1 to 10 or a list of their addresses (got "${value}").`);
    return { hops: Number(value) };
  }
  const addresses = list(value);
  const wrong = addresses.find((entry) => !proxyAddress.safeParse(entry).success);
  if (wrong === undefined) return { addresses };
  return refuse(
    `TRUST_PROXY must be a number of proxies (1) or a comma-separated list of their addresses, subnets or ` +
      `loopback/linklocal/uniquelocal, e.g. 10.0.0.0/8,172.16.0.0/12 (got "${wrong}").`,
  );
});

/** The repository root: the API runs from api/dist/main.js, tests from api/src. */
const repoRoot = path.resolve(__dirname, '..', '..');

/** Every variable with its type and default; the defaults that depend on others are in Config. */
const Environment = z.object({
  NODE_ENV: oneOf(['development', 'production', 'test']).default('development'),
  // Loopback unless told otherwise: the containers set HOST=0.0.0.0 themselves.
  HOST: z.string().default('127.0.0.1'),
  PORT: whole(0, 65_535).default(3000),
  DATABASE_URL: databaseUrl.optional(),
  // Any characters (a generated one often has / + =): kept apart from the URL, never escaped by hand.
  DATABASE_PASSWORD: z.string().optional(),
  SQLITE_PATH: z.string().default(path.join(repoRoot, 'data', 'portal.sqlite')),
  // Receipts and invoices, one file per content (docs/payments.md 'Storage'): never inside WEB_ROOT's served folders.
  FILES_DIR: z.string().default(path.join(repoRoot, 'data', 'files')),
  SEED_DEMO: flag.optional(),
  SERVE_WEB: flag.default(true),
  WEB_ROOT: z.string().default(repoRoot),
  ADMIN_REMOTE_URL: z.string().default('/remotes/admin/remoteEntry.js'),
  PARENT_REMOTE_URL: z.string().default('/remotes/parent/remoteEntry.js'),
  TRUST_PROXY: trustProxy.default(false),
  SESSION_IDLE_MINUTES: whole(5, 30 * 24 * 60).default(12 * 60),
  SESSION_ABSOLUTE_HOURS: whole(1, 90 * 24).default(7 * 24),
  SESSION_CACHE_SECONDS: whole(0, 60).default(5),
  CONTACT_PHONE: z.string().default('+502 5555 2026'),
  CONTACT_EMAIL: z.string().default('comite@promocion2026.edu.gt'),
  LOG_LEVEL: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'silent']).optional(),
  COOKIE_SECURE: oneOf(['auto', 'always']).default('auto'),
  DB_QUERY_TIMEOUT_MS: whole(100, 600_000).default(10_000),
  DB_POOL_SIZE: whole(1, 100).default(10),
  SQLITE_BUSY_TIMEOUT_MS: whole(0, 10_000).default(250),
  ARCHIVES_OPEN: whole(1, 20).default(2),
  ARCHIVES_DIR: z.string().default(path.join(tmpdir(), 'portal-archives')),
  REQUEST_TIMEOUT_MS: whole(0, 600_000).default(20_000),
  BODY_LIMIT_BYTES: whole(1024, 10 * 1024 * 1024).default(64 * 1024),
  ALLOWED_ORIGINS: z
    .string()
    .transform(list)
    .pipe(z.array(origin('a comma-separated list of origins')))
    .default([]),
  PUBLIC_URL: origin('an origin').optional(),
  // The URL holds a password: it is never repeated in a message.
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/]+/, { error: 'SMTP_URL must be a URL such as smtp://user:password@smtp.example.com:587.' })
    .optional(),
  MAIL_FROM: z.string().optional(),
  MAIL_POLL_SECONDS: whole(0, 3600).default(5),
  MAIL_RATE_PER_MINUTE: whole(1, 100_000).default(60),
  MONEY_MAIL_DELAY_MINUTES: whole(0, 24 * 60).default(10),
  REMINDERS_SCHEDULED: flag.optional(),
  SCRYPT_LOG2_N: whole(10, 20).optional(),
  // The backup service's folder, mounted in the API too (compose): unset, there is no backup service.
  BACKUP_DIR: z.string().optional(),
  // When the backup service copies the data (Guatemala time), and how many copies it keeps.
  BACKUP_AT: clock.default('02:30'),
  BACKUP_KEEP_DAILY: whole(1, 9999).default(14),
  BACKUP_KEEP_WEEKLY: whole(1, 9999).default(8),
  // How often the API reads the backup service's status to e-mail the admins of a failure.
  BACKUP_CHECK_SECONDS: whole(1, 24 * 3600).default(300),
  // The restore command's own account, one that may create a database (backup/restore.ts); its
  // password apart, as DATABASE_PASSWORD.
  RESTORE_DATABASE_URL: serverUrl.optional(),
  RESTORE_DATABASE_PASSWORD: z.string().optional(),
  // npm run create-admin's password when it is not typed at the prompt.
  ADMIN_PASSWORD: z.string().optional(),
});

/** Every variable the API reads (config.spec.ts checks the code reads no other and .env.example lists each). */
export const ENVIRONMENT_VARIABLES = Object.keys(Environment.shape);

/** The name the documentation uses as an example: never a school's real portal. */
const EXAMPLE_DOMAIN = 'portal.colegio.edu.gt';

/** `127.0.0.1`, `localhost`, `::1`: only this machine can connect. */
function isLoopback(host: string): boolean {
  return /^(localhost|::1|\[::1\]|127(\.\d{1,3}){3})$/i.test(host);
}

/**
 * Whether the demo accounts, whose password the portal publishes, may sign in: the same rule as
 * seeding them (a loopback HOST outside production), applied to whatever the database holds.
 */
export function demoAllowed(config: { nodeEnv: string; host: string }): boolean {
  return config.nodeEnv !== 'production' && isLoopback(config.host);
}

/** The settings as the API uses them: the variables, with the defaults that depend on others. */
const Config = Environment.transform((vars, context) => {
  const { NODE_ENV: nodeEnv, HOST: host } = vars;
  const refuse = (message: string) => {
    context.addIssue({ code: 'custom', message });
    return z.NEVER;
  };
  // Demo accounts have published passwords (the landing page lists them): only on a portal that
  // listens on this machine alone, outside production. Off by default elsewhere; asked for
  // elsewhere, refused (a reverse proxy on the same host could still publish a loopback portal,
  // which is why production refuses them whatever the address).
  const demo = demoAllowed({ nodeEnv, host });
  const seedDemo = vars.SEED_DEMO ?? demo;
  if (seedDemo && !demo) {
    return refuse(
      `SEED_DEMO=true creates accounts whose passwords the portal publishes: it is allowed only with a loopback HOST ` +
        `(127.0.0.1, localhost, ::1) and NODE_ENV other than production (got HOST=${host}, NODE_ENV=${nodeEnv}). ` +
        `Set SEED_DEMO=false and create the committee's account with npm run create-admin.`,
    );
  }
  // Every invitation, confirmation and reminder link starts here: in production one on this
  // machine's own name would reach no family.
  const publicUrl = vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`;
  if (nodeEnv === 'production' && isLoopback(new URL(publicUrl).hostname)) {
    return refuse(
      `PUBLIC_URL must be the address families open, such as https://portal.colegio.edu.gt, when NODE_ENV=production ` +
        `(got ${publicUrl}): the links in e-mails start with it.`,
    );
  }
  if (nodeEnv === 'production' && new URL(publicUrl).hostname === EXAMPLE_DOMAIN) {
    return refuse(`PUBLIC_URL is the documentation's example (${publicUrl}): set it, and PORTAL_DOMAIN, to the name families open.`);
  }
  return {
    nodeEnv,
    host,
    port: vars.PORT,
    /**
     * `mysql://` or `mariadb://` URL; unset means the embedded SQLite file. DATABASE_PASSWORD, when
     * set, is its password (escaped into the URL here; read back by `mysqlConnection`).
     */
    databaseUrl: vars.DATABASE_URL ? withPassword(vars.DATABASE_URL, vars.DATABASE_PASSWORD) : null,
    sqlitePath: path.resolve(vars.SQLITE_PATH),
    /** The folder of receipts and invoices, each under its SHA-256 (files/file-folder.ts). */
    filesDir: path.resolve(vars.FILES_DIR),
    /** Archived classes served at once by one process (class-cycle/archive-pool.ts); a request for another waits its turn. */
    archivesOpen: vars.ARCHIVES_OPEN,
    /** Each archive brought up to this version's schema, kept and read from here (a cache: deleting it costs one migration). */
    archivesDir: path.resolve(vars.ARCHIVES_DIR),
    seedDemo,
    /** Serve the built shell and remotes from this process (what `npm start` does). */
    serveWeb: vars.SERVE_WEB,
    webRoot: path.resolve(vars.WEB_ROOT),
    adminRemoteUrl: vars.ADMIN_REMOTE_URL,
    parentRemoteUrl: vars.PARENT_REMOTE_URL,
    /**
     * Which peers may speak for the client through X-Forwarded-*: none (false), the nearest N hops,
     * or the proxies at these addresses, subnets or names (loopback, linklocal, uniquelocal).
     */
    trustProxy: vars.TRUST_PROXY,
    sessionIdleMinutes: vars.SESSION_IDLE_MINUTES,
    sessionAbsoluteHours: vars.SESSION_ABSOLUTE_HOURS,
    /** How long a resolved session is trusted from memory before the database is asked again. */
    sessionCacheSeconds: vars.SESSION_CACHE_SECONDS,
    contactPhone: vars.CONTACT_PHONE,
    contactEmail: vars.CONTACT_EMAIL,
    logLevel: vars.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    /** Session cookie Secure: `auto` when the request is HTTPS (through trusted proxies), or `always`. */
    cookieSecure: vars.COOKIE_SECURE,
    /** A MySQL/MariaDB query (or connection attempt) not answered by then fails: a 503. */
    dbQueryTimeoutMs: vars.DB_QUERY_TIMEOUT_MS,
    /** MySQL/MariaDB connections this process keeps open at most. */
    dbPoolSize: vars.DB_POOL_SIZE,
    /** How long an SQLite write waits for another process's lock before a 503. */
    sqliteBusyTimeoutMs: vars.SQLITE_BUSY_TIMEOUT_MS,
    /** A request not answered by then gets a 503 (0: no limit). */
    requestTimeoutMs: vars.REQUEST_TIMEOUT_MS,
    /** Largest request body accepted, in bytes. */
    bodyLimit: vars.BODY_LIMIT_BYTES,
    /** Origins, besides the API's own, whose pages may send state-changing requests (CSRF check). */
    allowedOrigins: vars.ALLOWED_ORIGINS,
    /** Where parents open the portal: the links in e-mails start here (never taken from a request). */
    publicUrl,
    /** `smtp://user:pass@host:587` or `smtps://...`; unset: e-mails wait in the outbox. */
    smtpUrl: vars.SMTP_URL ?? null,
    mailFrom: vars.MAIL_FROM ?? `Portal de graduación <${vars.CONTACT_EMAIL}>`,
    /** How often each instance looks for e-mails to send; 0 sends only when asked (tests). */
    mailPollSeconds: vars.MAIL_POLL_SECONDS,
    /** Most e-mails sent in any minute, over every instance (a notice to the class goes in batches). */
    mailRatePerMinute: vars.MAIL_RATE_PER_MINUTE,
    /**
     * How long a money e-mail (credit, verification, reversal) waits before it is sent: a credit
     * reversed meanwhile withholds it, so a mistake stays inside the committee.
     */
    moneyMailDelayMinutes: vars.MONEY_MAIL_DELAY_MINUTES,
    /** Run the daily payment reminders at 08:00 Guatemala time (off in tests, which run them by hand). */
    remindersScheduled: vars.REMINDERS_SCHEDULED ?? nodeEnv !== 'test',
    /** scrypt's cost as log2(N): 17 always, except with NODE_ENV=test, where SCRYPT_LOG2_N may lower it (users/password.ts). */
    /** The backups folder the API reads the backup service's status from; null: no backup service (`npm start`). */
    backupDir: vars.BACKUP_DIR ? path.resolve(vars.BACKUP_DIR) : null,
    /** The backup service copies the data every day at this time, `HH:MM` in Guatemala. */
    backupAt: vars.BACKUP_AT,
    /** Copies the backup service keeps: the newest of each of the last N days, and of each of the M weeks before. */
    backupKeepDaily: vars.BACKUP_KEEP_DAILY,
    backupKeepWeekly: vars.BACKUP_KEEP_WEEKLY,
    /** Look every few minutes for a failed backup to tell the admins of (off in tests, which check by hand). */
    backupAlertsScheduled: nodeEnv !== 'test',
    backupCheckSeconds: vars.BACKUP_CHECK_SECONDS,
    /** The restore's account, with its password; null: the restore uses DATABASE_URL's. */
    restoreDatabaseUrl: vars.RESTORE_DATABASE_URL ? withPassword(vars.RESTORE_DATABASE_URL, vars.RESTORE_DATABASE_PASSWORD) : null,
    /** npm run create-admin's password; null: asked for at the prompt. */
    adminPassword: vars.ADMIN_PASSWORD ?? null,
    scryptLog2N: nodeEnv === 'test' ? (vars.SCRYPT_LOG2_N ?? PRODUCTION_LOG2_N) : PRODUCTION_LOG2_N,
    /**
     * Set by the live API only, for the instance that serves an archived class (class-cycle/archives.ts):
     * it reads its SQLite copy, answers only requests the live API forwards, signed with this secret.
     */
    archive: null as ArchiveMode | null,
  };
});

/** An archived class's instance: who may speak for a signed-in account (the live API). */
export interface ArchiveMode {
  secret: string;
  /** The day its families read it until, as the live API's row says now (it may change after archiving). */
  familiesReadUntil: string | null;
}

export type AppConfig = z.output<typeof Config>;

export function loadConfig(env: Env = process.env): AppConfig {
  const parsed = Config.safeParse(Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== '')));
  if (!parsed.success) throw new ConfigError(parsed.error.issues[0]!.message);
  return parsed.data;
}
