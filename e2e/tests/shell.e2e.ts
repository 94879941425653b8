import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import type { Browser } from 'playwright-core';
import { FIRST_DATA } from '@portal/contracts';
import { DESKTOP, launchBrowser, newPage, PHONE, recordRequests, screenshot, scrollsSideways, signIn } from '../support/browser';
import { ROOT, startPortal, type Portal } from '../support/portal';

let browser: Browser;
let portal: Portal;

beforeAll(async () => {
  [browser, portal] = await Promise.all([launchBrowser(), startPortal()]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/** What a parent's home reads first, in the order the page's first script asks for it. */
const PARENT_HOME_FIRST_DATA = ['/api/config', '/api/user', ...FIRST_DATA.parent.all, ...FIRST_DATA.parent.home];

const remoteFiles = (urls: string[], remote: 'admin' | 'parent') => urls.filter((url) => url.startsWith(`/remotes/${remote}/`));

describe('the shell', () => {
  it.each([PHONE, DESKTOP])('shows the landing page and downloads no remote (%j)', async (viewport) => {
    const { context, page } = await newPage(browser, viewport);
    const urls = recordRequests(page);
    await page.goto(portal.url);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Class of 2026');
    await page.getByRole('link', { name: 'Contáctanos' }).waitFor();
    expect(await page.getByRole('link', { name: 'Ingresar al portal' }).getAttribute('href')).toBe('/auth');
    expect(await page.getByText('© 2026 Class of 2026').count()).toBe(1);
    expect(await scrollsSideways(page)).toBe(false);
    await screenshot(page, 'landing');
    await page.getByRole('link', { name: 'Ingresar al portal' }).click();
    await page.getByText('Accede a tu cuenta del portal de graduación').waitFor();
    await page.getByText('Credenciales de demostración').waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    await screenshot(page, 'auth');
    expect(urls.filter((url) => url.startsWith('/remotes/'))).toEqual([]);
    await context.close();
  });

  it('shows the login validation messages under each field', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${portal.url}/auth`);
    await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).last().click();
    await page.getByText('El email o nombre de usuario es requerido').waitFor();
    await page.getByText('La contraseña es requerida').waitFor();
    await context.close();
  });

  it('shows a destructive "Login failed" toast with the server message', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, portal.url, 'admin', 'equivocada');
    const toast = page.getByRole('status').filter({ hasText: 'Login failed' });
    await toast.waitFor();
    expect(await toast.textContent()).toContain('Usuario o contraseña incorrectos.');
    expect(page.url()).toBe(`${portal.url}/auth`);
    await context.close();
  });

  it('takes a parent to /parent and never downloads admin code', async () => {
    const { context, page } = await newPage(browser, PHONE);
    const urls = recordRequests(page);
    await signIn(page, portal.url, 'padre');
    await page.waitForURL(`${portal.url}/parent`);
    await page.getByRole('heading', { name: 'Bienvenido, Carlos Morales' }).waitFor();
    for (const section of ['Eventos', 'Avisos', 'Pagos', 'Fiesta', 'Mi Portal']) {
      await page.getByRole('link', { name: section }).last().click();
    }
    await page.goto(`${portal.url}/admin`);
    await page.waitForURL(`${portal.url}/parent`);
    expect(remoteFiles(urls, 'parent').length).toBeGreaterThan(0);
    expect(remoteFiles(urls, 'admin')).toEqual([]);
    await context.close();
  });

  it('takes an admin to /admin and never downloads parent code', async () => {
    const { context, page } = await newPage(browser);
    const urls = recordRequests(page);
    await signIn(page, portal.url, 'admin');
    await page.waitForURL(`${portal.url}/admin`);
    await page.getByRole('heading', { name: 'Panel Principal' }).waitFor();
    await page.goto(`${portal.url}/parent`);
    await page.waitForURL(`${portal.url}/admin`);
    await page.getByRole('heading', { name: 'Panel Principal' }).waitFor();
    expect(remoteFiles(urls, 'admin').length).toBeGreaterThan(0);
    expect(remoteFiles(urls, 'parent')).toEqual([]);
    await context.close();
  });

  it('paints the landing page, the sign-in form and the 404 page from the HTML, before any script runs', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
    const page = await context.newPage();
    await page.goto(portal.url);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Class of 2026');
    expect(await page.getByRole('link', { name: 'Ingresar al portal' }).getAttribute('href')).toBe('/auth');
    expect(await page.locator('img.landing__image').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(
      true,
    );
    await page.goto(`${portal.url}/auth`);
    await page.getByLabel('Email o nombre de usuario').fill('admin');
    await page.getByLabel('Contraseña', { exact: true }).fill('secreto-antes-del-script');
    // Before the page's code runs (a slow phone), the form sends nothing: its button waits for the
    // code, Enter does nothing, and the form would post, never put the password in the address.
    expect(await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).last().isDisabled()).toBe(true);
    await page.getByLabel('Contraseña', { exact: true }).press('Enter');
    expect(page.url()).toBe(`${portal.url}/auth`);
    expect(await page.locator('form.auth__form').getAttribute('method')).toBe('post');
    const missing = await page.goto(`${portal.url}/no-existe`);
    expect(missing?.status()).toBe(404);
    await page.getByText('404 Page Not Found').waitFor();
    await context.close();
  });

  it.each(['/', '/auth'])('asks for the shell’s code on %s only once the page has painted, then takes it over', async (pathname) => {
    const { context, page } = await newPage(browser, PHONE);
    await page.goto(`${portal.url}${pathname}`);
    // The page works once its code has run: the sign-in button is enabled, the landing's link was always a link.
    if (pathname === '/auth') await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).last().click();
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((entry) => /\/main\.\w+\.js$/.test(entry.name)));
    const timing = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      code: performance
        .getEntriesByType('resource')
        .filter((entry) => /\/(react-dom|main|app)\.\w+\.js$/.test(entry.name))
        .map((entry) => entry.startTime),
    }));
    expect(timing.paint).not.toBeNull();
    expect(timing.code).toHaveLength(3);
    for (const start of timing.code) expect(start).toBeGreaterThan(timing.paint!);
    await context.close();
  });

  it('asks a visitor nothing about a session: no /api/user, nothing in the console', async () => {
    const { context, page } = await newPage(browser, PHONE);
    const urls = recordRequests(page);
    const logged: string[] = [];
    page.on('console', (message) => logged.push(`${message.type()}: ${message.text()}`));
    for (const path of ['/', '/auth']) {
      await page.goto(`${portal.url}${path}`);
      await page.getByRole('link', { name: 'Iniciar sesión' }).first().waitFor();
    }
    await page.waitForLoadState('networkidle');
    expect(urls.filter((url) => url === '/api/user')).toEqual([]);
    expect(logged).toEqual([]);
    await context.close();
  });

  it('takes over the landing page for a signed-in parent as it was written, then names them', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await signIn(page, portal.url, 'padre');
    await page.getByText('La sesión de fotos de la promoción no tiene costo adicional.').waitFor();
    // React's hydration errors (a first render unlike the prerendered HTML) are page errors.
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(`${portal.url}/`);
    await page.getByText('Carlos Morales').waitFor();
    await page.getByRole('link', { name: 'Portal de Padres' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('starts a returning parent’s app from the page’s first script and its data from the page, each file asked once', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await signIn(page, portal.url, 'padre');
    // The signed-in page's home drawn with its data (asked after the family's) before the count
    // starts, so none of its requests is counted as the next page's.
    await page.getByText('La sesión de fotos de la promoción no tiene costo adicional.').waitFor();
    const urls = recordRequests(page);
    await page.goto(`${portal.url}/parent`);
    await page.getByRole('heading', { name: 'Bienvenido, Carlos Morales' }).waitFor();
    await page.waitForLoadState('networkidle');
    // The HTML preloads the shell's app chunk; the first script (written in the page) preloads the
    // parent app's entry (by its content's hash) and first files; the first data is written in the
    // page by the server, and the shell and the app use it instead of asking.
    const preloaded = await page.locator('link[rel="preload"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
    expect(preloaded.filter((href) => /^\/remotes\/parent\/remoteEntry\.js\?v=[0-9a-f]{10}$/.test(href))).toHaveLength(1);
    expect(preloaded.filter((href) => /^\/app\.[0-9a-f]{10}\.(js|css)$/.test(href))).toHaveLength(2);
    expect(preloaded.filter((href) => /^\/remotes\/parent\/[\w.-]+\.[0-9a-f]{10}\.(js|css)$/.test(href)).length).toBeGreaterThan(1);
    expect(preloaded.every((href) => /^\/(app|remotes\/parent\/[\w.-]+)\.[0-9a-f]{10}\.(js|css)$|remoteEntry\.js\?v=/.test(href))).toBe(
      true,
    );
    // The first data came written in the page: the app used it without asking.
    for (const url of PARENT_HOME_FIRST_DATA) expect([url, urls.filter((requested) => requested === url).length]).toEqual([url, 0]);
    for (const url of preloaded.map((href) => href.split('?')[0]!))
      expect([url, urls.filter((requested) => requested === url).length]).toEqual([url, 1]);
    // Neither the first script nor the icon is a request of its own.
    expect(urls.filter((url) => /^\/(boot\.|favicon)/.test(url))).toEqual([]);
    expect(remoteFiles(urls, 'admin')).toEqual([]);
    await context.close();
  });

  it('starts a returning parent’s data with preload links when the page comes without it (a static server), each asked once', async () => {
    // No service worker: it would answer the page from what it kept, past the route below.
    const { context, page } = await newPage(browser, PHONE, { serviceWorkers: 'block' });
    await signIn(page, portal.url, 'padre');
    await page.getByText('La sesión de fotos de la promoción no tiene costo adicional.').waitFor();
    // The page as compose's static server sends it: the same HTML, no answers written in.
    await page.route(`${portal.url}/parent`, async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(/<script type="application\/json" id="portal-first-data">[^]*?<\/script>/, '');
      await route.fulfill({ response, body: html });
    });
    const urls = recordRequests(page);
    const logged: string[] = [];
    page.on('console', (message) => logged.push(`${message.type()}: ${message.text()}`));
    await page.goto(`${portal.url}/parent`);
    await page.getByRole('heading', { name: 'Bienvenido, Carlos Morales' }).waitFor();
    await page.getByText('La sesión de fotos de la promoción no tiene costo adicional.').waitFor();
    const firstData = PARENT_HOME_FIRST_DATA;
    // Each answer the page showed was asked once: a preload the page's own request did not use
    // (another URL, other credentials) would be a second request of the same URL.
    await page.waitForLoadState('load');
    for (const url of firstData) expect([url, urls.filter((requested) => requested === url).length]).toEqual([url, 1]);
    const preloaded = await page
      .locator('link[rel="preload"][as="fetch"]')
      .evaluateAll((links) => links.map((link) => `${link.getAttribute('href')} ${link.getAttribute('crossorigin')}`));
    expect(preloaded).toEqual(firstData.map((url) => `${url} use-credentials`));
    expect(logged.filter((line) => /preload/i.test(line))).toEqual([]);
    await context.close();
  });

  it('sends a signed-out visitor of /parent/pagos to /auth and back to /parent/pagos after signing in', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${portal.url}/parent/pagos`);
    await page.waitForURL(`${portal.url}/auth?next=%2Fparent%2Fpagos`);
    await page.getByLabel('Email o nombre de usuario').fill('padre');
    await page.getByLabel('Contraseña', { exact: true }).fill('graduacion2026');
    await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).last().click();
    await page.waitForURL(`${portal.url}/parent/pagos`);
    await page.getByText('Depósito Bancario').waitFor();
    await context.close();
  });

  it.each(['//evil.example', 'https://evil.example', '/\\evil.example', '/admin/familias'])(
    'never follows %j after signing in: the parent lands in /parent',
    async (next) => {
      const { context, page } = await newPage(browser);
      await page.goto(`${portal.url}/auth?next=${encodeURIComponent(next)}`);
      await page.getByLabel('Email o nombre de usuario').fill('padre');
      await page.getByLabel('Contraseña', { exact: true }).fill('graduacion2026');
      await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).last().click();
      await page.waitForURL(`${portal.url}/parent`);
      await context.close();
    },
  );

  it.each([PHONE, DESKTOP])('shows the 404 page for an unknown route (%j)', async (viewport) => {
    const { context, page } = await newPage(browser, viewport);
    const response = await page.goto(`${portal.url}/no-existe`);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await page.getByText('La página que buscas no existe o fue movida.').waitFor();
    await screenshot(page, 'not-found');
    await page.getByRole('link', { name: 'Volver a Inicio' }).click();
    await page.waitForURL(`${portal.url}/`);
    await context.close();
  });

  it('signs out and forgets the user', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, portal.url, 'padre');
    await page.waitForURL(`${portal.url}/parent`);
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await page.waitForURL(`${portal.url}/auth`);
    await page.getByRole('link', { name: 'Iniciar sesión' }).waitFor();
    await page.goto(`${portal.url}/parent`);
    await page.waitForURL(`${portal.url}/auth`);
    await context.close();
  });

  it('shows an error panel when a remote cannot load, and loads it on retry', async () => {
    // A remote that never loaded here: nothing kept by the service worker stands in for it.
    const { context, page } = await newPage(browser, undefined, { serviceWorkers: 'block' });
    await signIn(page, portal.url, 'admin');
    await page.waitForURL(`${portal.url}/admin`);
    await page.getByRole('heading', { name: 'Panel Principal' }).waitFor();
    await page.route('**/remotes/admin/**', (route) => route.abort());
    await page.reload();
    await page.getByText('No se pudo cargar esta sección').waitFor();
    // The rest of the shell keeps working.
    await page.getByRole('button', { name: 'Cerrar sesión' }).waitFor();
    await screenshot(page, 'remote-error');
    await page.unroute('**/remotes/admin/**');
    await page.getByRole('button', { name: 'Reintentar' }).click();
    await page.getByRole('heading', { name: 'Panel Principal' }).waitFor();
    await context.close();
  });
});

describe('redeploying one remote', () => {
  let webRoot: string;
  let deployed: Portal;

  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(tmpdir(), 'portal-deploy-'));
    for (const app of ['shell', 'admin-app', 'parent-app'])
      cpSync(path.join(ROOT, app, 'dist'), path.join(webRoot, app, 'dist'), { recursive: true });
    deployed = await startPortal({ WEB_ROOT: webRoot });
  });
  afterAll(async () => {
    await deployed?.stop();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('shows a rebuilt admin-app after a reload, without touching the shell', async () => {
    const shellIndex = readFileSync(path.join(webRoot, 'shell/dist/index.html'), 'utf8');
    const { context, page } = await newPage(browser);
    await signIn(page, deployed.url, 'admin');
    await page.waitForURL(`${deployed.url}/admin`);
    await page.getByText(/^Versión /).waitFor();
    const buildId = `e2e-${Date.now()}`;
    execFileSync(process.execPath, [path.join(ROOT, 'node_modules/@rspack/cli/bin/rspack.js'), 'build'], {
      cwd: path.join(ROOT, 'admin-app'),
      env: { ...process.env, BUILD_ID: buildId, OUTPUT_DIR: path.join(webRoot, 'admin-app/dist') },
      stdio: 'ignore',
    });
    await page.reload();
    await page.getByText(`Versión ${buildId}`).waitFor();
    expect(readFileSync(path.join(webRoot, 'shell/dist/index.html'), 'utf8')).toBe(shellIndex);
    await context.close();
  });
});
