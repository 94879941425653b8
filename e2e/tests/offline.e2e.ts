// The installed portal on a phone with no connection (375 px): a cold start (the browser closed and
// opened again on the same profile) opens the parent's pass and the door's check-in queue from what
// the service worker kept; after a sign-out nothing of that family can be read offline.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import type { DoorAccessCreated } from '@portal/contracts';
import { launchProfile, PHONE, screenshot, signIn } from '../support/browser';
import { ROOT, startPortal, type Portal } from '../support/portal';

let portal: Portal;
const profiles: string[] = [];
// A door account works on the gala's night only: the door's test moves the portal's clock there.
const clockDir = mkdtempSync(path.join(tmpdir(), 'offline-clock-'));
const clockFile = path.join(clockDir, 'offset');
// The built apps copied: a test redeploys parent-app here, never in the build other suites serve.
const webRoot = mkdtempSync(path.join(tmpdir(), 'offline-web-'));

beforeAll(async () => {
  for (const app of ['shell', 'admin-app', 'parent-app'])
    cpSync(path.join(ROOT, app, 'dist'), path.join(webRoot, app, 'dist'), { recursive: true });
  portal = await startPortal({
    NODE_OPTIONS: `--require ${path.join(__dirname, '../support/clock.cjs')}`,
    PORTAL_TEST_CLOCK_FILE: clockFile,
    WEB_ROOT: webRoot,
  });
});
afterAll(async () => {
  await portal?.stop();
  for (const dir of [...profiles, clockDir, webRoot]) rmSync(dir, { recursive: true, force: true });
});

function newProfile(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-phone-'));
  profiles.push(dir);
  return dir;
}

async function firstPage(context: BrowserContext): Promise<Page> {
  const page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(15_000);
  return page;
}

/**
 * Asks the page `check` until it answers true (within 20 s). Not `page.waitForFunction`: it takes
 * a promise for a true answer, so an async check there passes at once.
 */
async function until(page: Page, check: (arg: string[]) => Promise<boolean>, arg: string[], what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await page.evaluate(check, arg))) {
    if (Date.now() > deadline) throw new Error(`Not kept within 20 s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Waits until the service worker runs the page and has kept `paths` (pages and answers). */
async function kept(page: Page, paths: string[]): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null);
  await until(
    page,
    async (wanted) => {
      const cache = await caches.open('portal-data-v1');
      const found = await Promise.all(wanted.map((one) => cache.match(one)));
      return found.every(Boolean);
    },
    paths,
    paths.join(', '),
  );
}

/**
 * What a phone does in the seconds before the salon's dead zone: waits until the worker runs the
 * page, has kept `paths`, and holds every script and style sheet the page loaded (the remotes'
 * included), so a new tab starts with no connection.
 */
async function keptForOffline(page: Page, paths: string[]): Promise<void> {
  await kept(page, paths);
  await until(
    page,
    async () => {
      const files = await caches.open('portal-files-v1');
      const loaded = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .map((entry) => new URL(entry.name))
        .filter((url) => url.origin === location.origin && /\.(js|css)$/.test(url.pathname) && url.pathname !== '/sw.js');
      const found = await Promise.all(loaded.map((url) => files.match(url.href)));
      return found.every(Boolean);
    },
    [],
    'the scripts and styles the page loaded',
  );
}

describe('the portal with no connection', () => {
  it('is installable: a Spanish manifest with icons and an active service worker', async () => {
    const context = await launchProfile(newProfile(), PHONE);
    try {
      const page = await firstPage(context);
      await page.goto(portal.url);
      // Linked once the page has loaded (shell/src/pwa/register.ts).
      await page.waitForSelector('link[rel="manifest"]', { state: 'attached' });
      const manifest = await page.evaluate(async () => {
        const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')!;
        return (await fetch(link.href)).json() as Promise<{
          name: string;
          lang: string;
          start_url: string;
          display: string;
          icons: Array<{ src: string; sizes: string }>;
        }>;
      });
      expect(manifest).toMatchObject({
        name: 'Class of 2026 · Portal de graduación',
        lang: 'es-GT',
        start_url: '/',
        display: 'standalone',
      });
      for (const icon of manifest.icons)
        expect((await page.request.get(`${portal.url}${icon.src}`)).headers()['content-type']).toBe('image/png');
      expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
      const worker = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
      expect(worker).toBe(`${portal.url}/sw.js`);
    } finally {
      await context.close();
    }
  });

  it('opens the family’s pass from a cold start with no connection, then forgets it all at sign-out', async () => {
    const profile = newProfile();
    let context = await launchProfile(profile, PHONE);
    let page = await firstPage(context);
    await signIn(page, portal.url, 'padre');
    await page.waitForURL(`${portal.url}/parent`);
    await page.goto(`${portal.url}/parent/fiesta`);
    await page.getByRole('img', { name: 'Código QR del pase de la familia de Sofía Morales' }).waitFor();
    await kept(page, ['/parent/fiesta', '/api/my-gala', '/api/my-gala/pass']);
    // Once more through the worker, so every file this page uses is kept.
    await page.reload();
    await page.getByRole('img', { name: 'Código QR del pase de la familia de Sofía Morales' }).waitFor();
    await context.close();

    // Cold start in the salon: no connection at all.
    context = await launchProfile(profile, PHONE);
    await context.setOffline(true);
    page = await firstPage(context);
    await page.goto(`${portal.url}/parent/fiesta`);
    await page.getByRole('img', { name: 'Código QR del pase de la familia de Sofía Morales' }).waitFor();
    await page.getByText(/^Sin conexión · datos de las \d{1,2}:\d{2}\s[ap]\.\s?m\.$/).waitFor();
    await screenshot(page, 'offline-pass');
    // A reload and a new tab, still offline.
    await page.reload();
    await page.getByRole('img', { name: 'Código QR del pase de la familia de Sofía Morales' }).waitFor();
    const tab = await context.newPage();
    await tab.goto(`${portal.url}/parent/fiesta`);
    await tab.getByRole('img', { name: 'Código QR del pase de la familia de Sofía Morales' }).waitFor();
    await tab.close();

    // Back online, the parent signs out: offline, nothing of the family can be read any more.
    await context.setOffline(false);
    await page.goto(`${portal.url}/parent`);
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await page.waitForURL(`${portal.url}/auth`);
    await context.setOffline(true);
    for (const address of ['/parent/fiesta', '/parent']) {
      const response = await page.goto(`${portal.url}${address}`);
      const text = await response!.text();
      expect(text).toContain('Sin conexión');
      expect(text).not.toContain('Sofía Morales');
      expect(text).not.toContain('padre@example.com');
    }
    for (const address of ['/api/my-gala/pass', '/api/my-family', '/api/user']) {
      const text = await page.evaluate(
        (url) =>
          fetch(url).then(
            (response) => response.text(),
            () => 'sin respuesta',
          ),
        address,
      );
      expect(text).toBe('sin respuesta');
    }
    expect(await page.evaluate(() => localStorage.getItem('portal.gala.pass'))).toBeNull();
    expect(await page.evaluate(async () => (await (await caches.open('portal-data-v1')).keys()).length)).toBe(0);
    await context.close();
  });

  it('opens the pass and the home in a new tab with no connection after signing in and tapping Fiesta', async () => {
    const profile = newProfile();
    const context = await launchProfile(profile, PHONE);
    const page = await firstPage(context);
    // As a parent does: sign in, land on Mi Portal, tap 'Fiesta' (no page is loaded by its address).
    await signIn(page, portal.url, 'padre');
    await page.waitForURL(`${portal.url}/parent`);
    await page.getByRole('heading', { name: 'Bienvenido, Carlos Morales' }).waitFor();
    await page.getByRole('navigation', { name: 'Secciones del portal de padres' }).last().getByRole('link', { name: 'Fiesta' }).click();
    await page.waitForURL(`${portal.url}/parent/fiesta`);
    await page.getByRole('img', { name: 'Código QR del pase de la familia de Sofía Morales' }).waitFor();
    await page.getByText('Queda guardado en tu teléfono y se abre aunque no tengas conexión.').waitFor();
    await keptForOffline(page, ['/parent', '/api/my-gala', '/api/my-gala/pass']);

    await context.setOffline(true);
    const tab = await context.newPage();
    tab.setDefaultTimeout(15_000);
    await tab.goto(`${portal.url}/parent/fiesta`);
    await tab.getByRole('img', { name: 'Código QR del pase de la familia de Sofía Morales' }).waitFor();
    expect(await tab.getByText('Esta página no está guardada').count()).toBe(0);
    await tab.goto(`${portal.url}/parent`);
    await tab.getByTestId('family-money').waitFor();
    await tab.getByRole('heading', { name: 'Bienvenido, Carlos Morales' }).waitFor();
    await screenshot(tab, 'offline-home');
    await context.close();
  });

  it('opens the door’s list in a new tab with no connection after signing in as the door', async () => {
    const profile = newProfile();
    const context = await launchProfile(profile, PHONE);
    try {
      const page = await firstPage(context);
      // The committee hands a volunteer a door account (decisions: the door needs no admin), for
      // the gala's night, and the portal's clock is on that night.
      const admin = await context.newPage();
      await signIn(admin, portal.url, 'admin');
      await admin.waitForURL(`${portal.url}/admin`);
      const { details } = (await (await admin.request.get(`${portal.url}/api/gala`)).json()) as { details: { date: string } };
      writeFileSync(clockFile, String(Date.parse(`${details.date}T19:30:00-06:00`) - Date.now()));
      // The session of before is months old on the moved clock: signed in again.
      await signIn(admin, portal.url, 'admin');
      await admin.waitForURL(`${portal.url}/admin`);
      const created = await admin.request.post(`${portal.url}/api/door-accesses`, {
        data: { name: 'Voluntaria de la entrada', username: 'puerta1' },
      });
      expect(created.status()).toBe(201);
      const { password } = (await created.json()) as DoorAccessCreated;
      await admin.getByRole('button', { name: 'Cerrar sesión' }).click();
      await admin.waitForURL(`${portal.url}/auth`);
      await admin.close();

      await signIn(page, portal.url, 'puerta1', password);
      await page.waitForURL(`${portal.url}/door`);
      await page.getByLabel('Buscar familia por nombre').waitFor();
      await keptForOffline(page, ['/door', '/api/gala/door', '/api/gala/arrivals']);

      await context.setOffline(true);
      const tab = await context.newPage();
      tab.setDefaultTimeout(15_000);
      await tab.goto(`${portal.url}/door`);
      await tab.getByLabel('Buscar familia por nombre').fill('valentina');
      await tab.getByText('Valentina López').first().waitFor();
    } finally {
      // Open browsers keep the test runner from exiting: closed whatever happened.
      await context.close();
      rmSync(clockFile, { force: true });
    }
  });

  it('keeps the door working from a cold start with no connection: check-ins wait and are sent later', async () => {
    const profile = newProfile();
    let context = await launchProfile(profile, PHONE);
    let page = await firstPage(context);
    await signIn(page, portal.url, 'admin');
    await page.waitForURL(`${portal.url}/admin`);
    await page.goto(`${portal.url}/admin/fiesta`);
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null);
    await page.reload();
    await page.getByRole('tab', { name: 'Entrada' }).click();
    await page.getByLabel('Buscar familia por nombre').waitFor();
    await kept(page, ['/admin/fiesta', '/api/gala', '/api/gala/door', '/api/gala/arrivals']);
    await context.close();

    context = await launchProfile(profile, PHONE);
    await context.setOffline(true);
    page = await firstPage(context);
    await page.goto(`${portal.url}/admin/fiesta`);
    await page.getByRole('tab', { name: 'Entrada' }).click();
    await page.getByLabel('Buscar familia por nombre').fill('valentina');
    await page.getByRole('button', { name: 'Registrar ingreso' }).click();
    await page.locator('[data-testid="gala-answer"].gala-result--queued').waitFor();
    await page.getByText('1 ingreso en cola').waitFor();
    await screenshot(page, 'offline-door');
    const checkIns: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/gala/check-in')) checkIns.push(request.url());
    });
    await context.setOffline(false);
    // The 'online' event and a second, as a flaky connection gives: the check-in is sent once.
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page
      .locator('[data-testid="gala-answer"].gala-result--ingreso')
      .filter({ hasText: 'Valentina López' })
      .waitFor({ timeout: 30_000 });
    await page.getByText('1 ingreso en cola').waitFor({ state: 'detached' });
    expect(checkIns).toHaveLength(1);
    expect(await page.locator('[data-testid="gala-answer"]').textContent()).toContain('Ingresó: ');
    await context.close();
  });

  it('takes a redeployed remote at the next start with a connection, and keeps that one for offline', async () => {
    const profile = newProfile();
    let context = await launchProfile(profile, PHONE);
    let page = await firstPage(context);
    await signIn(page, portal.url, 'padre');
    await page.waitForURL(`${portal.url}/parent`);
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null);
    const parentEntry = () =>
      page.evaluate(
        () => (JSON.parse(document.querySelector('meta[name="portal-remotes"]')!.getAttribute('content')!) as { parent: string }).parent,
      );
    const keptFiles = () => page.evaluate(async () => (await (await caches.open('portal-files-v1')).keys()).map((request) => request.url));
    await page.reload();
    await page.getByRole('heading', { name: /Bienvenido/ }).waitFor();
    const before = await parentEntry();
    expect(await keptFiles()).toContain(new URL(before, portal.url).href);

    // The parents' team redeploys its remote: its entry changes, the shell is not rebuilt.
    const file = path.join(webRoot, 'parent-app/dist/remoteEntry.js');
    const original = readFileSync(file);
    try {
      writeFileSync(file, Buffer.concat([original, Buffer.from('\n// redeployed\n')]));
      await page.reload();
      await page.getByRole('heading', { name: /Bienvenido/ }).waitFor();
      const after = await parentEntry();
      expect(after).not.toBe(before);
      expect(await keptFiles()).toContain(new URL(after, portal.url).href);
      // The worker keeps the page as it came (in the background): the next start reads that copy.
      await until(
        page,
        async ([entry]) => {
          const keptPage = await (await caches.open('portal-data-v1')).match('/parent');
          return keptPage ? (await keptPage.text()).includes(entry!) : false;
        },
        [after],
        'the redeployed page',
      );
      await context.close();

      // The next cold start with no connection runs the redeployed remote it kept.
      context = await launchProfile(profile, PHONE);
      await context.setOffline(true);
      page = await firstPage(context);
      await page.goto(`${portal.url}/parent`);
      await page.getByRole('heading', { name: /Bienvenido/ }).waitFor();
      expect(await parentEntry()).toBe(after);
    } finally {
      writeFileSync(file, original);
      await context.close();
    }
  });
});
