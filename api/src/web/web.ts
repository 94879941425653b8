// Serves the built shell and remotes from the API process (what `npm start` runs). In
// docker-compose each of them is its own static service (Caddy) instead (see docs/deployment.md).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FIRST_DATA, FIRST_DATA_ELEMENT_ID, ROLES, type InlinedAnswer, type Role, type User } from '@portal/contracts';
import type { AppConfig } from '../config';
import { MESSAGES } from '../common/api-exception.filter';
import { SESSION_COOKIE } from '../auth/sessions.service';
import { securityHeaders } from '../common/security-headers';

/** Routes the shell draws itself; any other path gets the shell's 404 page with status 404. */
const SHELL_ROUTES =
  /^\/(auth(\/(verificar|recuperar|restablecer|invitacion|invitacion-admin))?\/?|cuenta\/?|door\/?|(admin|parent)(\/.*)?)?$/;
/** Files whose name carries a content hash never change and may be cached for a year (also
 * their precompressed .br/.gz twins, which is what is read when the browser accepts them). */
const HASHED = /\.[0-9a-f]{10}\.\w+(\.(br|gz))?$/;

const ENTRY = /\/remoteEntry\.js(\.(br|gz))?$/;

/** What was read of each file, with its size and time then. */
const readFiles = new Map<string, { stamp: string; value: unknown }>();

/** `read(file)`, kept while the file's size and time stay the same (a rebuilt remote is followed); null if unreadable. */
function whileUnchanged<T>(file: string, read: (file: string) => T): T | null {
  try {
    const { size, mtimeMs } = statSync(file);
    const stamp = `${size}:${mtimeMs}`;
    const known = readFiles.get(file);
    if (known?.stamp === stamp) return known.value as T;
    const value = read(file);
    readFiles.set(file, { stamp, value });
    return value;
  } catch {
    return null;
  }
}

/** The first 10 hex digits of the SHA-256 of a remote's entry (remoteEntry.js), or null. */
const entryVersion = (file: string): string | null =>
  whileUnchanged(file, (entry) => createHash('sha256').update(readFileSync(entry)).digest('hex').slice(0, 10));

/**
 * Hashed files for a year; a remote's entry for a year too when asked by its content's hash
 * (`remoteEntry.js?v=<hash>`, the address the page is given), else revalidated at each use.
 */
function setCacheHeaders(
  // The raw Node response, whose request tells the entry's `v` (typed loosely by @fastify/static).
  reply: { setHeader(name: string, value: string): unknown; req?: { url?: string } },
  filePath: string,
): void {
  const version = ENTRY.test(filePath) ? new URL(reply.req?.url ?? '/', 'http://x').searchParams.get('v') : null;
  const immutable = HASHED.test(filePath) || (version !== null && version === entryVersion(filePath.replace(/\.(br|gz)$/, '')));
  reply.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
  reply.setHeader('Vary', 'Accept-Encoding');
}

/** Where the shell finds each remote's manifest; read at run time, so a remote redeploys alone. */
export function remotesManifest(config: Pick<AppConfig, 'adminRemoteUrl' | 'parentRemoteUrl'>) {
  return { admin: config.adminRemoteUrl, parent: config.parentRemoteUrl };
}

/** /remotes.json, also when the front ends come from elsewhere (dev servers, a static server in front). */
export function registerRemotesManifest(app: NestFastifyApplication, config: AppConfig): void {
  app
    .getHttpAdapter()
    .getInstance()
    .get('/remotes.json', (_request, reply) => {
      void reply.header('Cache-Control', 'no-cache').send(remotesManifest(config));
    });
}

type RemoteName = keyof ReturnType<typeof remotesManifest>;
const REMOTE_PROJECTS: ReadonlyArray<readonly [RemoteName, string]> = [
  ['admin', 'admin-app'],
  ['parent', 'parent-app'],
];

/**
 * The first files of a remote this process serves: what its `./App` needs at once (from the
 * manifest it was built with), all named by their content's hash. Not the entry: the page's first
 * script finds it in <meta name="portal-remotes">. A remote served elsewhere: nothing (its
 * manifest is not read from here).
 */
function remoteFirstFiles(entry: string, distDir: string): string[] {
  const base = entry.slice(0, entry.lastIndexOf('/') + 1);
  const files = whileUnchanged(path.join(distDir, 'mf-manifest.json'), (file) => {
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as {
      exposes?: Array<{ path: string; assets: { js: { sync: string[] }; css: { sync: string[] } } }>;
    };
    const app = manifest.exposes?.find((expose) => expose.path === './App');
    return app ? [...app.assets.css.sync, ...app.assets.js.sync] : [];
  });
  return (files ?? []).map((name) => base + name);
}

const attribute = (value: unknown) => JSON.stringify(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The shell's HTML with where the remotes live and which files each role loads first, for the
 * page's first script (shell/src/boot.ts): a signed-in user's app starts downloading while the
 * shell's own JavaScript does. Each file's size and time are checked at each request, so a remote
 * rebuilt in place is followed.
 */
export function shellHtml(template: string, config: AppConfig, extraHead = ''): string {
  const remotes = remotesManifest(config);
  const preload: Record<string, string[]> = {};
  for (const [name, project] of REMOTE_PROJECTS) {
    const servedHere = remotes[name] === `/remotes/${name}/remoteEntry.js`;
    const dist = path.join(config.webRoot, project, 'dist');
    preload[name] = servedHere ? remoteFirstFiles(remotes[name], dist) : [];
    // A remote served here is given by its content's hash: the browser keeps it until it changes
    // (and the page's first script can preload it without the browser asking for it twice).
    const version = servedHere ? entryVersion(path.join(dist, 'remoteEntry.js')) : null;
    if (version) remotes[name] = `${remotes[name]}?v=${version}`;
  }
  const hints = `<meta name="portal-remotes" content="${attribute(remotes)}"><meta name="portal-preload" content="${attribute(preload)}">${extraHead}`;
  // After the charset, which must come within the page's first bytes.
  const charset = /<meta charset="?utf-8"?\s*\/?>/i.exec(template);
  return charset ? template.replace(charset[0], `${charset[0]}${hints}`) : template.replace('<head>', `<head>${hints}`);
}

/** The API's answer to a GET made as the page's visitor (their cookies, their address). */
async function answer(fastify: FastifyInstance, request: FastifyRequest, url: string) {
  const response = await fastify.inject({
    method: 'GET',
    url,
    headers: { cookie: request.headers.cookie ?? '', 'user-agent': request.headers['user-agent'] ?? '' },
    remoteAddress: request.ip,
  });
  return { status: response.statusCode, body: response.body, setCookie: response.headers['set-cookie'] };
}

/**
 * The answers a page's first screen reads first, asked of the API as the visitor while the page is
 * written (what shell/src/boot.ts would otherwise ask once the page has arrived): the public
 * configuration on every page; for a signed-in visitor, who they are, and on their role's pages
 * the role's first data (@portal/contracts FIRST_DATA). Nothing is answered that the visitor could
 * not ask for themselves. A server error is left out: the page asks again itself.
 */
export async function firstData(
  fastify: FastifyInstance,
  request: FastifyRequest,
  path: string,
): Promise<{ answers: Record<string, InlinedAnswer>; setCookie: string[]; personal: boolean }> {
  const answers: Record<string, InlinedAnswer> = {};
  const setCookie: string[] = [];
  const keep = (url: string, { status, body }: InlinedAnswer) => {
    if (status < 500) answers[url] = { status, body };
  };
  const user = request.cookies?.[SESSION_COOKIE] ? answer(fastify, request, '/api/user') : null;
  keep('/api/config', await answer(fastify, request, '/api/config'));
  if (!user) return { answers, setCookie, personal: false };
  const who = await user;
  keep('/api/user', who);
  // The session's role hint kept in step (set for a live session, dropped for an ended one).
  setCookie.push(...[who.setCookie ?? []].flat());
  const role = who.status === 200 ? roleOf(who.body) : null;
  if (role && (path === `/${role}` || path.startsWith(`/${role}/`))) {
    const urls = [...FIRST_DATA[role].all, ...(path === `/${role}` ? FIRST_DATA[role].home : [])];
    const results = await Promise.all(urls.map((url) => answer(fastify, request, url)));
    urls.forEach((url, index) => keep(url, results[index]!));
  }
  return { answers, setCookie, personal: true };
}

function roleOf(userJson: string): Role | null {
  try {
    const { role } = JSON.parse(userJson) as Partial<User>;
    return ROLES.find((known) => known === role) ?? null;
  } catch {
    return null;
  }
}

/** The answers as a JSON data block: `<` escaped, so no text in them can end the element. */
export function firstDataElement(answers: Record<string, InlinedAnswer>): string {
  const json = JSON.stringify(answers).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${FIRST_DATA_ELEMENT_ID}">${json}</script>`;
}

/** The shell's first script as the template loads it (a file, `async`); see shell/src/index.html. */
const BOOT_SCRIPT = /<script async src="\/(boot\.[\w.]+\.js)"><\/script>/;

/**
 * The shell's first script, written into the page instead of loaded from its file: on a phone's
 * network each request of the first visit costs a round trip and a share of the bandwidth. Its
 * text is allowed by its hash in the page's Content-Security-Policy (no 'unsafe-inline'). A static
 * server (compose's static server) sends the template as built, the script as a file.
 */
export function inlineBootScript(html: string, distDir: string): { html: string; script: string | null } {
  const tag = BOOT_SCRIPT.exec(html);
  const file = tag ? path.join(distDir, tag[1]!) : null;
  if (!tag || !file || !existsSync(file)) return { html, script: null };
  const script = readFileSync(file, 'utf8');
  // A script's text ends at the first `</script`; a build that wrote one would break the page.
  if (/<\/script/i.test(script)) return { html, script: null };
  return { html: html.replace(tag[0], () => `<script>${script}</script>`), script };
}

export async function registerWeb(app: NestFastifyApplication, config: AppConfig): Promise<void> {
  const logger = new Logger('Web');
  const dist = (project: string) => path.join(config.webRoot, project, 'dist');
  const indexFile = path.join(dist('shell'), 'index.html');
  if (!existsSync(indexFile)) {
    logger.warn(`No shell build at ${indexFile}: serving the API only (run "npm run build").`);
    return;
  }
  const common = { decorateReply: false, cacheControl: false, preCompressed: true, setHeaders: setCacheHeaders } as const;
  await app.register(fastifyStatic, { ...common, root: dist('shell'), prefix: '/', wildcard: false, index: false });
  // Remotes keep a wildcard route so files of a remote rebuilt while the server runs are found.
  for (const [name, project] of REMOTE_PROJECTS) {
    if (existsSync(dist(project)))
      await app.register(fastifyStatic, { ...common, root: dist(project), prefix: `/remotes/${name}/`, wildcard: true });
  }

  const fastify = app.getHttpAdapter().getInstance();
  const scripts = new Set<string>();
  const template = (file: string) => {
    const { html, script } = inlineBootScript(readFileSync(file, 'utf8'), dist('shell'));
    if (script) scripts.add(script);
    return html;
  };
  const indexHtml = template(indexFile);
  // The public pages prerendered at build time (shell/dist/pages), else the empty shell.
  const page = (name: string) => {
    const file = path.join(dist('shell'), 'pages', `${name}.html`);
    return existsSync(file) ? template(file) : indexHtml;
  };
  const prerendered: Record<string, string> = { '/': page('index'), '/auth': page('auth') };
  const notFoundHtml = page('404');
  // The pages' policy: the API's, with the first script's text allowed by its hash.
  const pagePolicy = securityHeaders(config, [...scripts])['content-security-policy']!;
  fastify.get('/*', async (request, reply: FastifyReply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url.startsWith('/api/') || url === '/api') {
      return reply.status(404).send({ statusCode: 404, message: MESSAGES.notFound });
    }
    const known = SHELL_ROUTES.test(url);
    const pagePath = url.replace(/(.)\/$/, '$1');
    const html = known ? (prerendered[pagePath] ?? indexHtml) : notFoundHtml;
    // Without its answers the page still works: its first script then asks for them itself.
    const data = await firstData(fastify, request, known ? pagePath : '').catch((error: unknown) => {
      logger.error(`The first data of ${pagePath} could not be written: ${String(error)}`);
      return { answers: {}, setCookie: [], personal: false };
    });
    for (const cookie of data.setCookie) void reply.header('Set-Cookie', cookie);
    // Sent as it is: compressing it on each request earned nothing in bench/lighthouse.ts (-65 to
    // +10 ms of LCP, medians of 5 alternated runs); its files come precompressed.
    return (
      reply
        .status(known ? 200 : 404)
        // A page carrying a visitor's own answers is theirs alone, and always asked anew.
        .header('Cache-Control', data.personal ? 'private, no-cache' : 'no-cache')
        .header('Vary', 'Cookie')
        .header('Content-Security-Policy', pagePolicy)
        .type('text/html; charset=utf-8')
        .send(shellHtml(html, config, firstDataElement(data.answers)))
    );
  });
}
