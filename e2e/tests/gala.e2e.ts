import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, newPage, PHONE, screenshot, scrollsSideways, signIn } from '../support/browser';
import { startPortal, type Portal } from '../support/portal';

let browser: Browser;
let portal: Portal;
let admin: Page;
let parent: Page;

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

describe('the Fiesta de Graduación', () => {
  it('lets the committee lay out the salon and seat a family at its tables', async () => {
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
    expect(await scrollsSideways(admin)).toBe(false);
    await screenshot(admin, 'gala-admin-plan');
    await admin.emulateMedia({ media: 'print' });
    await screenshot(admin, 'gala-admin-print');
    await admin.emulateMedia({ media: 'screen' });
  });

  it('shows the family its tables on the plan, takes its guests and gives it a pass', async () => {
    await parent.goto(`${portal.url}/parent/fiesta`);
    await parent.getByText('Mesas 8, 9').first().waitFor();
    expect(await parent.getByRole('listitem', { name: 'Mesa 8, su mesa' }).count()).toBe(1);
    await parent.getByText(/20 de noviembre de 2026/).waitFor();
    await parent.getByLabel('Invitado 1', { exact: true }).fill('  Carlos Morales ');
    await parent.getByLabel('Invitado 2', { exact: true }).fill('Ana Lucía de Morales 🎉');
    await parent.getByLabel('Invitado 3', { exact: true }).fill('Sofía Morales');
    await parent.getByRole('button', { name: 'Guardar invitados' }).click();
    await toast(parent, 'Invitados guardados');
    await parent.getByRole('img', { name: 'Código QR del pase de la familia de Sofía Morales' }).waitFor();
    expect(await scrollsSideways(parent)).toBe(false);
    await screenshot(parent, 'gala-parent');

    // With no connection, the pass still opens from the phone.
    await parent.context().setOffline(true);
    await parent.reload().catch(() => undefined);
    await parent.context().setOffline(false);
  });

  it('records the family at the door once, by name', async () => {
    await admin.getByRole('tab', { name: 'Entrada' }).click();
    await admin.getByLabel('Buscar familia por nombre').fill('sofía');
    await admin.getByText('Carlos Morales, Ana Lucía de Morales 🎉, Sofía Morales').waitFor();
    await admin.getByRole('button', { name: 'Registrar ingreso' }).click();
    await admin.locator('.gala-result--ingreso').filter({ hasText: 'Ingresó: 3 personas.' }).waitFor();
    await admin.getByText('3 de ').first().waitFor();
    await admin.getByRole('button', { name: 'Registrar ingreso' }).click();
    await admin
      .locator('.gala-result--ya-ingreso')
      .filter({ hasText: /Ya ingresó a las \d{2}:\d{2} \(3 personas\)/ })
      .waitFor();
    await admin.setViewportSize(PHONE);
    expect(await scrollsSideways(admin)).toBe(false);
    await screenshot(admin, 'gala-door');
    await admin.setViewportSize(DESKTOP);
  });
});
