// A door volunteer for the night, on phones (375 px): the committee gives the access in the gala's
// 'Entrada', the volunteer cannot sign in before the gala's day at 12:00, then signs in, lands on
// the door, checks a family in and can open nothing else; once the committee takes the access
// back, the volunteer is out. The portal's clock is moved to the gala's day (support/clock.cjs).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page, Response } from 'playwright-core';
import { launchBrowser, newPage, PHONE, screenshot, scrollsSideways, signIn } from '../support/browser';
import { startPortal, type Portal } from '../support/portal';

let browser: Browser;
let portal: Portal;
let admin: Page;
let volunteer: Page;
/** Every path the volunteer's phone asked for, and the admin remote's scripts it was sent. */
const asked: string[] = [];
const adminScripts: Array<Promise<string>> = [];
const clockDir = mkdtempSync(path.join(tmpdir(), 'door-clock-'));
const clockFile = path.join(clockDir, 'offset');

/** Sets the portal's clock to this wall-clock time of the day in Guatemala (UTC-6, no summer time). */
function portalClockAt(day: string, time: string): void {
  writeFileSync(clockFile, String(Date.parse(`${day}T${time}:00-06:00`) - Date.now()));
}

beforeAll(async () => {
  [browser, portal] = await Promise.all([
    launchBrowser(),
    startPortal({ NODE_OPTIONS: `--require ${path.join(__dirname, '../support/clock.cjs')}`, PORTAL_TEST_CLOCK_FILE: clockFile }),
  ]);
  ({ page: admin } = await newPage(browser, PHONE));
  ({ page: volunteer } = await newPage(browser, PHONE));
  volunteer.on('request', (request) => asked.push(new URL(request.url()).pathname));
  volunteer.on('response', (response: Response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/remotes/admin/') && url.pathname.endsWith('.js')) adminScripts.push(response.text().catch(() => ''));
  });
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  rmSync(clockDir, { recursive: true, force: true });
});

// One test: each step needs the one before (the access is given, used, then taken back), and the
// suite runs its tests in a random order.
it('gives a volunteer the door for the night, opens nothing else and ends once the committee takes it back', async () => {
  // The morning of the gala's day (the demo's gala, as the API says it).
  await signIn(admin, portal.url, 'admin');
  await admin.waitForURL(`${portal.url}/admin`);
  const { details } = (await (await admin.request.get(`${portal.url}/api/gala`)).json()) as { details: { date: string } };
  portalClockAt(details.date, '10:00');
  await signIn(admin, portal.url, 'admin');
  await admin.waitForURL(`${portal.url}/admin`);
  await admin.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: portal.url });

  // An admin gives the access in the gala's 'Entrada', with a password shown once.
  await admin.goto(`${portal.url}/admin/fiesta`);
  await admin.getByRole('tab', { name: 'Entrada' }).click();
  await admin.getByRole('button', { name: 'Dar acceso a un voluntario' }).click();
  await admin.getByLabel('Nombre del voluntario').fill('Ana Voluntaria');
  await admin.getByLabel('Nombre de usuario').fill('puerta.ana');
  const night = /^Funciona el \p{L}+ \d{2}\/\d{2}\/\d{4} de 12:00 a 06:00\.$/u;
  expect(await admin.getByTestId('door-access-window').textContent()).toMatch(night);
  await admin.getByRole('button', { name: 'Crear acceso' }).click();
  const shown = admin.getByTestId('door-access-password');
  await shown.waitFor();
  const password = (await shown.textContent()) ?? '';
  expect(password).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
  const dialog = admin.getByRole('dialog');
  expect(await dialog.getByText(night).count()).toBe(1);
  // Handed over by copying or by WhatsApp: the user, the password and the door's address.
  await dialog.getByRole('button', { name: 'Copiar' }).click();
  await dialog.getByRole('button', { name: 'Copiado' }).waitFor();
  const copied = await admin.evaluate(() => navigator.clipboard.readText());
  for (const part of ['Usuario: puerta.ana', `Contraseña: ${password}`, `${portal.url}/door`]) expect(copied).toContain(part);
  const whatsApp = new URL((await dialog.getByRole('link', { name: 'Enviar por WhatsApp' }).getAttribute('href'))!);
  expect(whatsApp.origin).toBe('https://wa.me');
  expect(whatsApp.searchParams.get('text')).toBe(copied);
  expect(await scrollsSideways(admin)).toBe(false);
  await screenshot(admin, 'door-access-created');
  await admin.getByRole('button', { name: 'Listo' }).click();
  await admin.locator('.gala-access').filter({ hasText: 'Ana Voluntaria' }).waitFor();
  await screenshot(admin, 'door-access-admin');

  // Before 12:00 the account does not open yet, and says when it does.
  await signIn(volunteer, portal.url, 'puerta.ana', password);
  await volunteer
    .getByText(/^Tu acceso a la entrada funciona el \p{L}+ \d{2}\/\d{2}\/\d{4} de 12:00 a 06:00\. Vuelve a entrar entonces\.$/u)
    .first()
    .waitFor();
  expect(volunteer.url()).toMatch(/\/auth/);

  // That evening the volunteer signs in on a phone straight onto the door, where a family is checked in.
  portalClockAt(details.date, '19:30');
  await signIn(volunteer, portal.url, 'puerta.ana', password);
  await volunteer.waitForURL(`${portal.url}/door`);
  await volunteer.getByRole('heading', { name: 'Entrada · Fiesta de Graduación' }).waitFor();
  await volunteer.getByText(/^Tu acceso a la entrada funciona el \p{L}+ \d{2}\/\d{2}\/\d{4} de 12:00 a 06:00\.$/u).waitFor();
  // The bar offers the door and signing out, nothing else of the portal.
  expect(await volunteer.getByRole('link', { name: 'Panel Administrativo' }).count()).toBe(0);
  expect(await volunteer.getByRole('link', { name: 'Portal de Padres' }).count()).toBe(0);
  expect(await volunteer.getByRole('link', { name: 'Mi cuenta' }).count()).toBe(0);

  await volunteer.getByLabel('Buscar familia por nombre').fill('mateo');
  const row = volunteer.locator('.gala-door-family').filter({ hasText: 'Mateo García' });
  await row.getByRole('button', { name: 'Registrar ingreso' }).click();
  await volunteer.getByTestId('gala-answer').filter({ hasText: 'Mateo García' }).waitFor();
  await row.getByText(/Ingresó a las/).waitFor();
  // Undoing re-opens the family's pass: the committee's call, not the door's.
  expect(await row.getByRole('button', { name: 'Anular ingreso' }).count()).toBe(0);
  expect(await scrollsSideways(volunteer)).toBe(false);
  await screenshot(volunteer, 'door-volunteer');

  // Only the admin remote's door: nothing of the parents' app, nothing of the panel's sections.
  expect(asked.filter((path) => path.startsWith('/remotes/parent/'))).toEqual([]);
  const scripts = await Promise.all(adminScripts);
  expect(scripts.length).toBeGreaterThan(0);
  for (const panelText of ['Panel Principal', 'Gestión de Familias', 'Fechas de Pago', 'Notificaciones y Recordatorios'])
    expect({ panelText, loaded: scripts.some((script) => script.includes(panelText)) }).toEqual({ panelText, loaded: false });
  // And the door's list carries no family's e-mail or phone.
  expect(asked.filter((path) => path.startsWith('/api/') && !DOOR_READS.has(path))).toEqual([]);

  // It opens nothing else: other pages lead back to the door, other data is refused.
  for (const path of ['/admin/fechas-de-pago', '/admin/familias', '/admin', '/parent', '/parent/pagos', '/cuenta']) {
    await volunteer.goto(`${portal.url}${path}`);
    await volunteer.waitForURL(`${portal.url}/door`);
    await volunteer.getByLabel('Buscar familia por nombre').waitFor();
    expect({ path, payments: await volunteer.getByText('Fechas de Pago').count() }).toEqual({ path, payments: 0 });
  }
  for (const url of ['/api/families', '/api/payment-dates', '/api/gala', '/api/history', '/api/accounts', '/api/my-family']) {
    const response = await volunteer.request.get(`${portal.url}${url}`);
    expect({ url, status: response.status() }).toEqual({ url, status: 403 });
  }

  // Once the committee takes it back, the volunteer is out and cannot sign in again.
  const access = admin.locator('.gala-access').filter({ hasText: 'Ana Voluntaria' });
  await access.getByRole('button', { name: 'Retirar acceso' }).click();
  await admin.getByRole('alertdialog').getByRole('button', { name: 'Retirar acceso' }).click();
  await admin.getByText('Nadie más tiene acceso a la entrada.').waitFor();

  await volunteer.reload();
  await volunteer.waitForURL(/\/auth/);
  await signIn(volunteer, portal.url, 'puerta.ana', password);
  await volunteer.getByText('Tu acceso a la entrada de la fiesta terminó. Comunícate con el comité.').first().waitFor();
  expect(volunteer.url()).toMatch(/\/auth/);
  expect((await volunteer.request.get(`${portal.url}/api/gala/door`)).status()).toBe(401);
});

/** What the door page reads of the API: who is signed in, the public settings, its list and the counts. */
const DOOR_READS = new Set(['/api/config', '/api/user', '/api/login', '/api/gala/door', '/api/gala/arrivals', '/api/gala/check-in']);
