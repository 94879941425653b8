import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, newPage, PHONE, screenshot, scrollsSideways, signIn } from '../support/browser';
import { qrVideo } from '../support/camera';
import { ROOT, startPortal, type Portal } from '../support/portal';

let browser: Browser;
let portal: Portal;
let admin: Page;
let parent: Page;
/** The family's pass as the phone kept it. */
let token = '';

beforeAll(async () => {
  [browser, portal] = await Promise.all([launchBrowser(), startPortal()]);
  ({ page: admin } = await newPage(browser, DESKTOP));
  ({ page: parent } = await newPage(browser, PHONE));
  await signIn(admin, portal.url, 'admin');
  await admin.waitForURL(`${portal.url}/admin`);
  await signIn(parent, portal.url, 'padre');
  await parent.waitForURL(`${portal.url}/parent`);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

const toast = (page: Page, title: string) => page.getByRole('status').filter({ hasText: title }).first().waitFor();

/** The committee lays out the salon and seats a family at its tables. */
async function layOutTheSalonAndSeatAFamily(): Promise<void> {
  await admin
    .getByRole('navigation', { name: 'Secciones del panel administrativo' })
    .getByRole('link', { name: 'Fiesta de Graduación' })
    .click();
  await admin.getByRole('heading', { level: 1, name: 'Fiesta de Graduación' }).waitFor();
  await admin.getByLabel('Fecha').fill('2026-11-20');
  await admin.getByLabel('Hora').fill('19:00');
  await admin.getByLabel('Lugar').fill('Salón Los Arcos');
  await admin.getByRole('button', { name: 'Guardar datos' }).click();
  await toast(admin, 'Datos de la fiesta guardados');

  await admin.getByLabel('Número de mesas').fill('24');
  await admin.getByLabel('Mesas por fila').fill('6');
  await admin.getByRole('button', { name: 'Crear mesas' }).click();
  await admin.getByRole('button', { name: 'Mesa 1, 8 lugares, libre' }).waitFor();

  await admin.getByRole('button', { name: /^Sofía Morales/ }).click();
  await admin.getByRole('button', { name: 'Mesa 8, 8 lugares, libre' }).click();
  await admin.getByRole('button', { name: 'Mesa 8, 8 lugares, familia de Sofía Morales' }).waitFor();
  await admin.getByRole('button', { name: 'Mesa 9, 8 lugares, libre' }).click();
  await admin.getByRole('button', { name: 'Mesa 9, 8 lugares, familia de Sofía Morales' }).waitFor();
  expect(await admin.getByRole('button', { name: /^Sofía Morales/ }).textContent()).toContain('2 de 2 mesas');
  // The others get theirs automatically; the warnings then clear.
  await admin.getByRole('button', { name: 'Asignar automáticamente' }).click();
  await toast(admin, 'Mesas asignadas automáticamente');
  await admin.getByText('Todas las familias tienen sus mesas.').waitFor();
  // Arranging the salon: a table moved to a free place, its seats and zone changed, one added.
  await admin.getByRole('button', { name: 'Ordenar mesas' }).click();
  await admin.getByRole('button', { name: 'Mesa 24, 8 lugares, libre' }).click();
  await admin.getByRole('button', { name: 'Lugar libre, columna 7, fila 1' }).click();
  await toast(admin, 'Mesa guardada');
  await admin.getByLabel('Lugares', { exact: true }).fill('10');
  await admin.getByLabel('Zona', { exact: true }).fill('Terraza');
  await admin.getByRole('button', { name: 'Guardar mesa' }).click();
  await admin.getByRole('button', { name: 'Mesa 24, 10 lugares, libre' }).waitFor();
  await admin.getByRole('button', { name: 'Mesa 24, 10 lugares, libre' }).click();
  await admin.getByRole('button', { name: 'Lugar libre, columna 7, fila 2' }).click();
  await admin.getByRole('button', { name: 'Mesa 25, 8 lugares, libre' }).waitFor();
  await screenshot(admin, 'gala-admin-arrange');
  await admin.getByRole('button', { name: 'Terminar de ordenar' }).click();
  expect(await scrollsSideways(admin)).toBe(false);
  await screenshot(admin, 'gala-admin-plan');
  await admin.setViewportSize(PHONE);
  expect(await scrollsSideways(admin)).toBe(false);
  await screenshot(admin, 'gala-admin-plan');
  await admin.setViewportSize(DESKTOP);
  // The printed plan and per-table list, as Chromium prints them.
  await admin.getByText('Lista por mesa').click();
  await admin.getByRole('cell', { name: 'Sofía Morales' }).first().waitFor();
  await admin.emulateMedia({ media: 'print' });
  await screenshot(admin, 'gala-admin-print');
  await admin.emulateMedia({ media: 'screen' });
  mkdirSync(path.join(ROOT, 'e2e/artifacts'), { recursive: true });
  const pdf = await admin.pdf({ path: path.join(ROOT, 'e2e/artifacts/gala-plan.pdf'), format: 'A4', printBackground: true });
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
}

/** The family sees its tables on the plan, names its guests and gets a pass. */
async function theFamilySeesItsTablesNamesItsGuestsAndGetsAPass(): Promise<void> {
  await parent.goto(`${portal.url}/parent/fiesta`);
  await parent.getByText('Mesas 8, 9').first().waitFor();
  expect(await parent.getByRole('listitem', { name: 'Mesa 8, tu mesa' }).count()).toBe(1);
  await parent.getByText(/20 de noviembre de 2026/).waitFor();
  await parent.getByLabel('Invitado 1', { exact: true }).fill('  Carlos Morales ');
  await parent.getByLabel('Invitado 2', { exact: true }).fill('Ana Lucía de Morales 🎉');
  await parent.getByLabel('Invitado 3', { exact: true }).fill('Sofía Morales');
  await parent.getByRole('button', { name: 'Guardar invitados' }).click();
  await toast(parent, 'Invitados guardados');
  await parent.getByRole('img', { name: 'Código QR del pase de la familia de Sofía Morales' }).waitFor();
  expect(await scrollsSideways(parent)).toBe(false);
  await screenshot(parent, 'gala-parent');
  await parent.setViewportSize(DESKTOP);
  await screenshot(parent, 'gala-parent');
  await parent.setViewportSize(PHONE);

  // With no connection, the pass still shows: kept on the phone.
  await parent.context().setOffline(true);
  await parent
    .getByRole('navigation', { name: 'Secciones del portal de padres' })
    .last()
    .getByRole('link', { name: /Mi Portal/ })
    .click();
  await parent
    .getByRole('navigation', { name: 'Secciones del portal de padres' })
    .last()
    .getByRole('link', { name: /Fiesta/ })
    .click();
  // What the service worker kept answers; the panel says from when.
  await parent.getByText(/^Sin conexión · datos de las \d{1,2}:\d{2}\s[ap]\.\s?m\.$/).waitFor();
  await parent.getByRole('img', { name: 'Código QR del pase de la familia de Sofía Morales' }).waitFor();
  expect(await parent.locator('.gala-pass__tables').textContent()).toBe('Mesas 8, 9');
  await parent.context().setOffline(false);
}

/** The door reads that pass through the camera and records the arrival. */
async function theDoorReadsThePassThroughTheCamera(): Promise<void> {
  token = await parent.evaluate(() => (JSON.parse(localStorage.getItem('portal.gala.pass')!) as { token: string }).token);
  const dir = mkdtempSync(path.join(tmpdir(), 'gala-camera-'));
  const video = path.join(dir, 'pase.y4m');
  qrVideo(token, video);
  const camera = await launchBrowser([
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    `--use-file-for-fake-video-capture=${video}`,
  ]);
  try {
    const { page: door } = await newPage(camera, PHONE);
    await signIn(door, portal.url, 'admin');
    await door.waitForURL(`${portal.url}/admin`);
    await door.goto(`${portal.url}/admin/fiesta`);
    await door.getByRole('tab', { name: 'Entrada' }).click();
    await door.getByRole('button', { name: 'Escanear pase' }).click();
    // The pass read, the door asks how many come in: all three named guests, with one tap.
    await door.getByTestId('gala-answer').getByText('Pase leído: ¿cuántas personas entran?').waitFor();
    await door.getByTestId('gala-answer').getByRole('button', { name: 'Todos (3)' }).click();
    await door
      .locator('.gala-result--ingreso')
      .filter({ hasText: 'Sofía Morales' })
      .filter({ hasText: 'Ingresó: 3 personas.' })
      .first()
      .waitFor();
    await door.getByText('3 de ').first().waitFor();
    await door.getByRole('button', { name: 'Detener cámara' }).click();
  } finally {
    await camera.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The door records a family once, by name (and knows the one the camera let in). */
async function theDoorRecordsAFamilyOnceByName(): Promise<void> {
  await admin.getByRole('tab', { name: 'Entrada' }).click();
  await admin.getByLabel('Buscar familia por nombre').fill('diego');
  await admin.getByText('Mesa 6', { exact: true }).waitFor();
  await admin.getByLabel('Personas que ingresan').fill('5');
  await admin.getByRole('button', { name: 'Registrar ingreso' }).click();
  await admin.locator('.gala-result--ingreso').filter({ hasText: 'Ingresó: 5 personas.' }).first().waitFor();
  await admin.getByText('8 de ').first().waitFor();
  // In once: no second check-in, only latecomers up to the family's seats.
  await admin.getByText(/Ingresó a las \d{1,2}:\d{2}\s[ap]\.\s?m\. \(5 personas\)/).waitFor();
  await admin.getByText('Ya ingresaron 5 de 8: ¿agregar?').waitFor();
  expect(await admin.getByRole('button', { name: 'Registrar ingreso' }).count()).toBe(0);
  // Sofía's family came in through the camera: the door says so.
  await admin.getByLabel('Buscar familia por nombre').fill('sofía');
  await admin.getByText('Carlos Morales, Ana Lucía de Morales 🎉, Sofía Morales').waitFor();
  await admin.getByText(/Ingresó a las \d{1,2}:\d{2}\s[ap]\.\s?m\. \(3 personas\)/).waitFor();
  expect(await admin.getByRole('button', { name: 'Registrar ingreso' }).count()).toBe(0);

  // No connection at the door: the check-in waits on the phone, then the server's answer shows.
  await admin.context().setOffline(true);
  await admin.getByLabel('Buscar familia por nombre').fill('valentina');
  await admin.getByRole('button', { name: 'Registrar ingreso' }).click();
  await admin.locator('.gala-result--queued').filter({ hasText: 'Sin conexión' }).first().waitFor();
  await admin.getByText('1 ingreso en cola').waitFor();
  await admin.context().setOffline(false);
  await admin.locator('.gala-result--ingreso').filter({ hasText: 'Valentina López' }).first().waitFor({ timeout: 30_000 });
  await admin.getByText('1 ingreso en cola').waitFor({ state: 'detached' });
  await admin.setViewportSize(PHONE);
  expect(await scrollsSideways(admin)).toBe(false);
  await screenshot(admin, 'gala-door');
  await admin.setViewportSize(DESKTOP);
}

/** The committee revokes the pass: the old code then says «Pase no válido». */
async function aRevokedPassIsNoLongerValid(): Promise<void> {
  await admin.getByRole('tab', { name: 'Plano de mesas' }).click();
  await admin.getByRole('button', { name: /^Sofía Morales/ }).click();
  await admin.getByRole('button', { name: 'Anular pase de entrada' }).click();
  await admin.getByRole('alertdialog').getByRole('button', { name: 'Anular pase de entrada' }).click();
  await toast(admin, 'Pase anulado');
  const answer = await admin.evaluate(async (old) => {
    const response = await fetch('/api/gala/check-in', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: old }),
    });
    return { status: response.status, body: (await response.json()) as { message: string } };
  }, token);
  expect(answer).toEqual({ status: 400, body: expect.objectContaining({ message: 'Pase no válido' }) });
}

describe('the Fiesta de Graduación', () => {
  // One story: each step needs what the one before it did (the family seated, its pass given, its
  // arrival recorded), so the steps are one test, which a random order cannot split.
  it('goes from the salon plan to the door: seats, guests and pass, the camera, a name, a revoked pass', async () => {
    await layOutTheSalonAndSeatAFamily();
    await theFamilySeesItsTablesNamesItsGuestsAndGetsAPass();
    await theDoorReadsThePassThroughTheCamera();
    await theDoorRecordsAFamilyOnceByName();
    await aRevokedPassIsNoLongerValid();
  }, 300_000);
});
