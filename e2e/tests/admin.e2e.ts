import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, newPage, PHONE, screenshot, scrollsSideways, signIn } from '../support/browser';
import { ROOT, startPortal, type Portal } from '../support/portal';

let browser: Browser;
let portal: Portal;
let page: Page;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'portal-admin-'));
  const sqlite = path.join(dir, 'portal.sqlite');
  [browser, portal] = await Promise.all([launchBrowser(), startPortal({ SQLITE_PATH: sqlite })]);
  // A second person of the committee (npm run create-admin): another bank account needs her approval.
  const created = spawnSync(
    process.execPath,
    [path.join(ROOT, 'api/dist/create-admin.js'), '--username', 'presidenta', '--name', 'Presidenta'],
    { env: { ...process.env, SQLITE_PATH: sqlite, DATABASE_URL: '', ADMIN_PASSWORD: 'clave-de-la-presidenta' }, encoding: 'utf8' },
  );
  expect(created.status).toBe(0);
  ({ page } = await newPage(browser));
  await signIn(page, portal.url, 'admin');
  await page.waitForURL(`${portal.url}/admin`);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  rmSync(dir, { recursive: true, force: true });
});
// The tests run in random order: each starts on the dashboard, whatever the one before it left open.
beforeEach(async () => {
  await page.goto(`${portal.url}/admin`);
  await page.locator('.admin-stat__value').first().waitFor();
});

const statValue = (label: string) => page.locator('.admin-stat', { hasText: label }).locator('.admin-stat__value').textContent();
const section = async (name: string) => {
  await page.getByRole('navigation', { name: 'Secciones del panel administrativo' }).getByRole('link', { name }).click();
  await page.getByRole('heading', { level: 1, name }).waitFor();
};
const toast = (title: string) => page.getByRole('status').filter({ hasText: title }).first().waitFor();

describe('the admin panel', () => {
  it('creates, edits and deletes a family, and the dashboard follows', async () => {
    await page.locator('.admin-stat__value').first().waitFor();
    expect(await statValue('Total de Familias')).toBe('6');
    expect(await statValue('Mesas Reservadas')).toBe('10');
    // Other tests of this file may change the payments (dates, amounts): count from what it reads now.
    const paidBefore = Number(await statValue('Pagos Recibidos'));

    await section('Gestión de Familias');
    await page.getByRole('button', { name: 'Agregar Familia' }).click();
    const dialog = page.getByRole('dialog', { name: 'Agregar Nueva Familia' });
    await dialog.getByLabel('Nombre del graduado *').fill('Camila Castillo');
    await dialog.getByLabel('Nombre del contacto *').fill('Patricia Castillo');
    await dialog.getByLabel('Email *').fill('patricia.castillo@example.com');
    await dialog.getByLabel('Teléfono *').fill('5555-1007');
    await dialog.getByLabel('Mesas reservadas').fill('4');
    // 'Pago recibido' follows the family's money: a new family has none yet.
    expect(await dialog.getByLabel('Pago recibido').isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Crear Familia' }).click();
    await toast('Familia creada');
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByRole('row', { name: /Patricia Castillo/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('Pendiente');

    // Ticking it asks for the money received, prefilled with what the family owes now.
    await page.getByRole('button', { name: 'Editar familia de Camila Castillo' }).click();
    const paid = page.getByRole('dialog', { name: 'Editar Familia' });
    // The box stays as the ledger has it until the money is recorded.
    await paid.getByLabel('Pago recibido').click();
    const money = page.getByRole('dialog', { name: 'Dinero recibido' });
    expect(Number(await money.getByLabel('Monto (Q)').inputValue())).toBeGreaterThan(0);
    await money.getByLabel('Cómo se recibió').selectOption({ label: 'Transferencia' });
    await money.getByRole('button', { name: 'Registrar y guardar' }).click();
    await toast('Pago registrado');
    await money.waitFor({ state: 'detached' });
    expect(await paid.getByLabel('Pago recibido').isChecked()).toBe(true);
    expect(await paid.getByLabel('Pago recibido').isDisabled()).toBe(true);
    await paid.getByRole('button', { name: 'Cancelar' }).click();
    await row.getByText('Pagado').waitFor();

    await section('Panel Principal');
    expect(await statValue('Total de Familias')).toBe('7');
    expect(await statValue('Mesas Reservadas')).toBe('14');
    expect(await statValue('Pagos Recibidos')).toBe(String(paidBefore + 1));

    await section('Gestión de Familias');
    await page.getByRole('button', { name: 'Editar familia de Camila Castillo' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar Familia' });
    expect(await edit.getByLabel('Email *').inputValue()).toBe('patricia.castillo@example.com');
    // Never answered: neither 'Asistirá' nor 'No asistirá' (decisions item 17).
    expect(await edit.getByRole('group', { name: 'Confirmación Brunch' }).getByLabel('Sin respuesta').isChecked()).toBe(true);
    await edit.getByLabel('Mesas reservadas').fill('2');
    await edit.getByRole('button', { name: 'Actualizar Familia' }).click();
    await toast('Familia actualizada');
    await page
      .getByRole('row', { name: /Patricia Castillo/ })
      .getByRole('cell', { name: '2', exact: true })
      .waitFor();

    // Money is never deleted with a family: the committee reverses it first, with the reason.
    await page.getByRole('button', { name: 'Eliminar familia de Camila Castillo' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Eliminar familia' });
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await page.getByRole('status').filter({ hasText: 'Revierte sus créditos' }).first().waitFor();
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Estado de cuenta de la familia de Camila Castillo' }).click();
    const statement = page.getByRole('dialog', { name: 'Estado de cuenta: Camila Castillo' });
    await statement.getByRole('button', { name: /^Revertir Registrado por el comité · Transferencia de Q/ }).click();
    const reversal = page.getByRole('dialog', { name: 'Revertir el movimiento' });
    // Money recorded by hand has no receipt to send back to review.
    expect(await reversal.getByLabel('Volver a revisión').count()).toBe(0);
    await reversal.getByLabel(/^Motivo interno/).fill('Familia registrada por error');
    await reversal.getByRole('button', { name: 'Revertir', exact: true }).click();
    await toast('Movimiento revertido');
    await statement
      .getByText(/: Familia registrada por error$/)
      .first()
      .waitFor();
    await page.keyboard.press('Escape');
    await statement.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Eliminar familia de Camila Castillo' }).click();
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await toast('Familia eliminada');
    await page.getByRole('row', { name: /Patricia Castillo/ }).waitFor({ state: 'detached' });

    await section('Panel Principal');
    expect(await statValue('Total de Familias')).toBe('6');
    expect(await statValue('Mesas Reservadas')).toBe('10');
  });

  it('refuses more than 200 tables with the server message', async () => {
    await section('Gestión de Familias');
    await page.getByRole('button', { name: 'Editar familia de Sofía Morales' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar Familia' });
    await edit.getByLabel('Mesas reservadas').fill('195');
    await edit.getByRole('button', { name: 'Actualizar Familia' }).click();
    const failure = page.getByRole('status').filter({ hasText: 'No se pudo actualizar la familia' });
    await failure.waitFor();
    expect(await failure.textContent()).toMatch(/No hay mesas suficientes/);
    // The dialog stays open with what was typed.
    expect(await edit.getByLabel('Mesas reservadas').inputValue()).toBe('195');
    await edit.getByRole('button', { name: 'Cancelar' }).click();
  });

  it('filters families by graduate, contact, e-mail or phone, ignoring accents', async () => {
    await section('Gestión de Familias');
    const search = page.getByRole('searchbox', { name: /Buscar/ });
    await search.fill('hernandez');
    await page.getByText('1 de 6 familias').waitFor();
    await page.getByRole('row', { name: /Ana Hernández/ }).waitFor();
    await search.fill('5555-1003');
    await page.getByRole('row', { name: /María López/ }).waitFor();
    await search.fill('nadie así');
    await page.getByText('Ninguna familia coincide con la búsqueda.').waitFor();
    await search.fill('');
    await page.getByText('6 familias').waitFor();
  });

  it("keeps a family's account: cash received, an own amount with its reason, and the dashboard's money follows", async () => {
    await section('Panel Principal');
    const money = page.locator('.ui-card', { hasText: 'Dinero Recibido' });
    await money.getByText(/recibidos de/).waitFor();
    const before = await money.getByText(/recibidos de/).textContent();

    await section('Gestión de Familias');
    await page.getByRole('button', { name: 'Estado de cuenta de la familia de Diego Hernández' }).click();
    const dialog = page.getByRole('dialog', { name: 'Estado de cuenta: Diego Hernández' });
    const first = dialog.getByRole('row', { name: /Primer Pago/ });
    await first.getByText('Pendiente').waitFor();
    expect(await first.textContent()).toContain('Q2,950');

    await dialog.getByLabel('Pago', { exact: true }).first().selectOption('1');
    await dialog.getByLabel('Monto (Q)').first().fill('2000');
    await dialog.getByLabel('Nota (opcional)').fill('Reunión de padres');
    await dialog.getByRole('button', { name: 'Registrar pago' }).click();
    await toast('Pago registrado');
    await first.getByText('Parcial (Q2,000 de Q2,950)').waitFor();
    expect(await first.textContent()).toContain('Q950');
    await dialog.getByText('Nota: Reunión de padres').waitFor();

    await dialog.getByLabel('Pago', { exact: true }).last().selectOption('2');
    await dialog.getByLabel('Monto (Q)').last().fill('1700');
    await dialog.getByLabel(/^Motivo \(beca, descuento/).fill('Beca del 50%');
    await dialog.getByRole('button', { name: 'Guardar ajuste' }).click();
    await toast('Ajuste guardado');
    const second = dialog.getByRole('row', { name: /Segundo Pago/ });
    await second.getByText('Ajuste: Beca del 50%').waitFor();
    expect(await second.textContent()).toContain('Q1,700');
    await screenshot(page, 'admin-statement');
    await page.keyboard.press('Escape');

    await section('Panel Principal');
    await money.getByText(/recibidos de/).waitFor();
    const after = await money.getByText(/recibidos de/).textContent();
    expect(after).not.toBe(before);
    expect(after).toMatch(/^Q[\d,]+ recibidos de Q[\d,]+ esperados$/);
    await screenshot(page, 'admin-dashboard-money');

    // The same statement, and the amounts of 'Fechas de Pago', on a phone.
    const { context, page: phone } = await newPage(browser, PHONE);
    await signIn(phone, portal.url, 'admin');
    await phone.waitForURL(`${portal.url}/admin`);
    await phone.goto(`${portal.url}/admin/familias`);
    await phone.getByRole('button', { name: 'Estado de cuenta de la familia de Diego Hernández' }).click();
    const small = phone.getByRole('dialog', { name: 'Estado de cuenta: Diego Hernández' });
    await small.getByText('Ajuste: Beca del 50%').waitFor();
    expect(await scrollsSideways(phone)).toBe(false);
    await screenshot(phone, 'admin-statement');
    await phone.keyboard.press('Escape');
    await phone.goto(`${portal.url}/admin/fechas-de-pago`);
    await phone.getByRole('button', { name: 'Editar Primer Pago' }).click();
    await phone.getByRole('dialog', { name: 'Editar Primer Pago' }).getByLabel('Monto por familia (Q)').waitFor();
    await screenshot(phone, 'admin-payment-date');
    await context.close();
  });

  it('creates, edits and deletes an event', async () => {
    await section('Gestión de Eventos');
    await page.getByRole('button', { name: 'Agregar Evento' }).click();
    const dialog = page.getByRole('dialog', { name: 'Agregar Nuevo Evento' });
    const create = dialog.getByRole('button', { name: 'Crear Evento' });
    expect(await create.isDisabled()).toBe(true);
    await dialog.getByLabel('Fecha y hora').fill('2026-06-19T19:30');
    await dialog.getByLabel('Título').fill('Cena de Despedida');
    await dialog.getByLabel('Descripción (opcional)').fill('Cena con los maestros y las familias de toda la promoción 2026.');
    await create.click();
    await toast('Evento creado');
    const row = page.getByRole('row', { name: /Cena de Despedida/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('19/06/2026, 7:30 p. m.');
    expect(await row.textContent()).toContain('Cena con los maestros y las familias de ...');

    await page.getByRole('button', { name: 'Editar Cena de Despedida' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar Evento' });
    await edit.getByLabel('Lugar (opcional)').fill('Comedor del colegio');
    await edit.getByRole('button', { name: 'Actualizar Evento' }).click();
    await toast('Evento actualizado');
    await page.getByRole('row', { name: /Comedor del colegio/ }).waitFor();

    await page.getByRole('button', { name: 'Eliminar Cena de Despedida' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Eliminar' }).click();
    await toast('Evento eliminado');
    await page.getByRole('row', { name: /Cena de Despedida/ }).waitFor({ state: 'detached' });
  });

  it('creates and deletes a notice', async () => {
    await section('Notificaciones y Recordatorios');
    await page.getByRole('button', { name: 'Nueva Notificación' }).click();
    const dialog = page.getByRole('dialog', { name: 'Crear Notificación' });
    await dialog.getByLabel('Título').fill('Ensayo general');
    await dialog.getByLabel('Mensaje').fill('El ensayo de la ceremonia es el jueves a las 3:00 p. m.');
    await dialog.getByLabel('Fecha y hora').fill('2026-06-11T15:00');
    await dialog.getByRole('button', { name: 'Crear Notificación' }).click();
    await toast('Notificación creada');
    await page.getByText('El ensayo de la ceremonia es el jueves a las 3:00 p. m.').waitFor();
    await page.getByRole('button', { name: 'Eliminar Ensayo general' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Eliminar' }).click();
    await toast('Notificación eliminada');
    await page.getByText('El ensayo de la ceremonia es el jueves a las 3:00 p. m.').waitFor({ state: 'detached' });
  });

  it('saves a payment date on the server: the change survives a reload', async () => {
    await section('Fechas de Pago');
    await page.getByRole('button', { name: 'Editar Cuarto Pago' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar Cuarto Pago' });
    await dialog.getByLabel('Fecha').fill('2026-01-20');
    await dialog.getByLabel('Monto', { exact: true }).fill('Q1,500 por mesa');
    await dialog.getByLabel('Monto por familia (Q)').fill('1,500');
    await dialog.getByRole('button', { name: 'Guardar Cambios' }).click();
    await toast('Fecha de pago actualizada');
    await page.reload();
    const row = page.getByRole('row', { name: /Cuarto Pago/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('Martes, 20 de enero de 2026');
    expect(await row.textContent()).toContain('Q1,500 por mesa');
    expect(await row.textContent()).toContain('Q1,500 por familia');
  });

  it.each([
    ['Fechas de Pago', 'Exportar confirmaciones de pago', /^confirmaciones-de-pago.*\.xlsx$/, 'Confirmaciones de Pago'],
    ['Confirmaciones de Eventos', 'Exportar RSVPs', /^rsvps-eventos.*\.xlsx$/, 'RSVPs de Eventos'],
  ])("'%s': '%s' downloads a workbook with the families", async (name, button, fileName, sheetName) => {
    await section(name);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
    expect(download.suggestedFilename()).toMatch(fileName);
    const file = await download.path();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.getWorksheet(sheetName)!;
    expect(sheet).toBeDefined();
    const cells = sheet.getSheetValues().flatMap((row) => (Array.isArray(row) ? row.map(String) : []));
    expect(cells).toContain('Sofía Morales');
  });

  it.each([PHONE, DESKTOP])('shows every section without sideways scrolling (%j)', async (viewport) => {
    const { context, page: view } = await newPage(browser, viewport);
    await signIn(view, portal.url, 'admin');
    await view.waitForURL(`${portal.url}/admin`);
    const sections: Array<[string, string]> = [
      ['', 'dashboard'],
      ['eventos', 'events'],
      ['confirmaciones', 'rsvps'],
      ['familias', 'families'],
      ['notificaciones', 'notices'],
      ['fechas-de-pago', 'payment-dates'],
      ['banco', 'bank'],
      ['fiesta', 'gala'],
      ['historial', 'history'],
    ];
    for (const [path, name] of sections) {
      await view.goto(`${portal.url}/admin${path ? `/${path}` : ''}`);
      await view.locator('.ui-panel__content section, .ui-panel__content .ui-card').first().waitFor();
      await view.waitForLoadState('networkidle');
      expect({ name, sideways: await scrollsSideways(view) }).toEqual({ name, sideways: false });
      await screenshot(view, `admin-${name}`);
    }
    await context.close();
  });
});

describe('the committee settings', () => {
  it('changes the class year and the deadline at once, and the bank account once a second admin approves it', async () => {
    await page.goto(`${portal.url}/admin`);
    await page.getByRole('button', { name: 'Configuración de la promoción' }).click();
    const dialog = page.getByRole('dialog', { name: 'Configuración de la promoción' });
    await dialog.getByLabel('Año de la promoción').fill('2027');
    await dialog.getByLabel('Fecha límite del pago final').fill('2027-05-28');
    await dialog.getByLabel('Número de cuenta').fill('123-456789-0');
    await dialog.getByRole('group', { name: 'Brunch de Padres y Graduados' }).getByLabel('Lugar').fill('Jardín del colegio');
    await dialog.getByRole('button', { name: 'Guardar Configuración' }).click();
    await page.getByRole('status').filter({ hasText: 'La nueva cuenta bancaria espera la aprobación de otro miembro' }).first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    const before = (await (await page.request.get(`${portal.url}/api/settings`)).json()) as { bank: { accountNumber: string } };
    expect(before.bank.accountNumber).not.toBe('123-456789-0');

    // The second admin approves it in 'Cuentas del Comité'.
    const { context: presidentContext, page: president } = await newPage(browser, DESKTOP);
    await signIn(president, portal.url, 'presidenta', 'clave-de-la-presidenta');
    await president.waitForURL(`${portal.url}/admin`);
    await president.goto(`${portal.url}/admin/cuentas-comite`);
    const change = president.locator('.books-control', { hasText: 'Cuenta para depósitos' }).filter({ hasText: '123-456789-0' });
    await change.getByRole('button', { name: 'Aprobar' }).click();
    await president.getByRole('status').filter({ hasText: 'Cambio aprobado y aplicado' }).first().waitFor();
    await presidentContext.close();

    const { context, page: parent } = await newPage(browser, PHONE);
    await signIn(parent, portal.url, 'padre');
    await parent.waitForURL(`${portal.url}/parent`);
    await parent.getByText('Viernes, 28 de mayo de 2027').waitFor();
    await parent.getByText(/Jardín del colegio/).waitFor();
    // The brunch is an event too: moving its place in the settings moved the event.
    await parent.goto(`${portal.url}/parent/eventos`);
    await parent.locator('.parent-event', { hasText: 'Brunch de Padres y Graduados' }).getByText('Jardín del colegio').waitFor();
    await parent.goto(`${portal.url}/parent/pagos`);
    await parent.getByText('123-456789-0').waitFor();
    await parent.goto(portal.url);
    // The landing paints first from its prerendered page, then from the public configuration: wait for it.
    await parent.getByRole('heading', { level: 1, name: 'Class of 2027', exact: true }).waitFor();
    await context.close();
  });
});
