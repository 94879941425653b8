// Debian's Chromium driven by playwright-core. CHROME_PATH wins, then /usr/bin/chromium; with
// neither, one try at `npx playwright install chromium`, else a clear failure.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { ROOT } from './portal';

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function chromePath(): string | undefined {
  for (const candidate of [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']) {
    if (candidate && existsSync(candidate)) return candidate;
  }
  try {
    execFileSync('npx', ['playwright', 'install', 'chromium'], { stdio: 'ignore', timeout: 120_000 });
    return undefined; // playwright-core finds its own download
  } catch {
    throw new Error('No Chromium found: install it (apt-get install -y chromium) or set CHROME_PATH.');
  }
}

/** Browsers launched by this file: one a test left open when it failed is closed after the file (support/setup.ts). */
const open = new Set<{ close(): Promise<void> }>();

function tracked<T extends { close(): Promise<void> }>(launched: T): T {
  open.add(launched);
  return launched;
}

export async function closeOpenBrowsers(): Promise<void> {
  // Closing one already closed does nothing.
  await Promise.all([...open].map((one) => one.close().catch(() => undefined)));
  open.clear();
}

/** `extraFlags`: a fake camera, for one (see tests/gala.e2e.ts). */
export async function launchBrowser(extraFlags: string[] = []): Promise<Browser> {
  return tracked(await chromium.launch({ executablePath: chromePath(), args: [...FLAGS, ...extraFlags] }));
}

/**
 * A browser with a profile kept in `userDataDir`: closing it and launching again on the same folder
 * is a phone's cold start (its service worker and caches are still there, nothing is in memory).
 */
export async function launchProfile(userDataDir: string, viewport: { width: number; height: number }): Promise<BrowserContext> {
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromePath(),
    args: FLAGS.filter((flag) => flag !== '--headless'),
    headless: true,
    viewport,
    locale: 'es-GT',
    timezoneId: 'America/Guatemala',
  });
  return tracked(context);
}

export const PHONE = { width: 375, height: 740 };
export const DESKTOP = { width: 1280, height: 800 };

/** Content-Security-Policy violations reported by any page since the last check (support/setup.ts). */
export const cspViolations: string[] = [];

/**
 * `hasTouch` for a phone whose screen is touched (taps, pinches).
 * `serviceWorkers: 'block'` for a test that fails the network on purpose with `page.route`: the
 * portal's service worker would otherwise answer from what it kept (tests/offline.e2e.ts).
 */
export async function newPage(
  browser: Browser,
  viewport = DESKTOP,
  { serviceWorkers = 'allow', hasTouch = false }: { serviceWorkers?: 'allow' | 'block'; hasTouch?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, locale: 'es-GT', timezoneId: 'America/Guatemala', serviceWorkers, hasTouch });
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('Content Security Policy'))
      cspViolations.push(`${page.url()}: ${message.text()}`);
  });
  page.setDefaultTimeout(15_000);
  return { context, page };
}

/** Every URL the page asks for, from now on. */
export function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(new URL(request.url()).pathname));
  return urls;
}

export async function signIn(page: Page, baseUrl: string, username: string, password = 'graduacion2026'): Promise<void> {
  await page.goto(`${baseUrl}/auth`);
  await page.getByLabel('Email o nombre de usuario').fill(username);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).last().click();
}

const SCREENSHOTS = path.join(ROOT, 'e2e/artifacts/screenshots');

/** A full-page screenshot in e2e/artifacts/screenshots, named after the screen and the width. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });
}

/** True when the page is wider than the screen (sideways scrolling). */
export function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}
