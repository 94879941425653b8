// Response headers that tell the browser to refuse what the portal never does: scripts, styles
// and connections to any origin but ours and the configured remotes', framing by other sites,
// sniffing a JSON answer as HTML, leaking the URL to other sites. One set for every response
// (the shell's HTML, the API's JSON, the static files), built once at start.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { AppConfig } from '../config';

/** The origin of an absolute remote URL (`https://admin.example.com`), or null for a path on ours. */
function originOf(url: string): string | null {
  return /^https?:\/\//i.test(url) ? new URL(url).origin : null;
}

/** A CSP source allowing one inline script: the SHA-256 of its exact text. */
export function scriptHashSource(code: string): string {
  return `'sha256-${createHash('sha256').update(code).digest('base64')}'`;
}

/** `inlineScripts`: the texts of the inline scripts a page may run (the shell's HTML only). */
export function contentSecurityPolicy(
  config: Pick<AppConfig, 'adminRemoteUrl' | 'parentRemoteUrl'>,
  inlineScripts: readonly string[] = [],
): Record<string, string[]> {
  const remotes = [...new Set([config.adminRemoteUrl, config.parentRemoteUrl].map(originOf).filter((origin) => origin !== null))];
  const self = ["'self'", ...remotes];
  return {
    defaultSrc: ["'self'"],
    // The remotes' entries and chunks, their CSS chunks, and their manifests (fetched).
    scriptSrc: [...self, ...inlineScripts.map(scriptHashSource)],
    styleSrc: self,
    // Radix dialogs lock the page's scrolling with a <style> element they write at run time
    // (react-remove-scroll); its text varies with the scrollbar's width, so no hash fits.
    styleSrcElem: [...self, "'unsafe-inline'"],
    connectSrc: self,
    // Event images are https URLs an admin typed; the UI kit draws a few icons as data: URLs.
    imgSrc: [...self, 'data:', 'https:'],
    fontSrc: self,
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

/**
 * The headers helmet writes for this configuration. They never vary by request (no nonces), so
 * helmet runs once, at start, against a recording response, and each request then gets the same
 * object through Fastify's own `reply.headers` (no Express-style middleware, no per-request
 * `setHeader` validation). Running helmet for every request was a fifth of a small JSON answer.
 */
export function securityHeaders(
  config: Pick<AppConfig, 'adminRemoteUrl' | 'parentRemoteUrl'>,
  inlineScripts: readonly string[] = [],
): Record<string, string> {
  const setHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config, inlineScripts) },
    // Event images come from other sites without CORP headers: no cross-origin isolation.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
    // Browsers heed it only over HTTPS; subdomains are left alone (the school may run others).
    strictTransportSecurity: { maxAge: 180 * 24 * 3600, includeSubDomains: false },
  });
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number) => void (headers[name.toLowerCase()] = String(value)),
    // helmet removes X-Powered-By, which Fastify never sends.
    removeHeader: () => undefined,
  };
  let failure: unknown;
  setHeaders({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => (failure = error));
  if (failure) throw failure;
  return headers;
}

export function registerSecurityHeaders(fastify: FastifyInstance, config: AppConfig): void {
  const headers = securityHeaders(config);
  fastify.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
