// Closing the class (docs/classes.md) through the screens: the treasurer sees the checklist at
// 1280 px, waives what is left with a reason and proposes the closing; she is not offered
// 'Aprobar'; the president approves it and the frozen report shows its hash; a parent on a phone
// reads the final report with the family's share, and the class no longer changes.
import { createHash } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { seriousA11yViolations } from '../support/checks';
import { classPortal, PRESIDENT_PASSWORD, toast, type ClassPortal } from '../support/closing';
import { DESKTOP, newPage, PHONE, screenshot, scrollsSideways, signIn } from '../support/browser';
import type { Portal } from '../support/portal';

let browser: Browser;
let portal: Portal;
let classes: ClassPortal;

beforeAll(async () => {
  classes = await classPortal('closing');
  ({ browser, portal } = classes);
});

afterAll(() => classes?.stop());

// One test: each step needs the one before.
it('closes the Class of 2026 with two admins, and a parent reads its frozen report on a phone', async () => {
  const { page: treasurer } = await newPage(browser, DESKTOP);
  await signIn(treasurer, portal.url, 'admin');
  await treasurer.waitForURL(`${portal.url}/admin`);
  await treasurer.getByRole('link', { name: 'Cierre de la Promoción' }).first().click();
  await treasurer.waitForURL(`${portal.url}/admin/cierre`);
  // The checklist's open items (the section's subtitle, above, names it before the data arrives).
  const open = treasurer.locator('[data-testid^="closing-check-"]').filter({ has: treasurer.getByLabel('Razón para omitirlo') });
  await open.first().waitFor();
  const count = await open.count();
  expect(count).toBeGreaterThan(0);

  // Without reasons the API names what is left, and nothing changes.
  const form = treasurer.locator('form').filter({ has: treasurer.getByRole('button', { name: 'Proponer el cierre' }) });
  await form.getByLabel('Acta que aprobó el cierre').fill('Acta 14-2026, asamblea del 25 de noviembre');
  await form.getByRole('button', { name: 'Proponer el cierre' }).click();
  await treasurer.getByRole('status').filter({ hasText: 'Antes de cerrar falta' }).first().waitFor();
  await screenshot(treasurer, 'closing-checklist');
  expect(await seriousA11yViolations(treasurer)).toEqual([]);

  for (let index = 0; index < count; index += 1)
    await open.nth(index).getByLabel('Razón para omitirlo').fill('Lo revisó la asamblea: queda constancia en el acta.');
  await form.getByRole('button', { name: 'Proponer el cierre' }).click();
  await toast(treasurer, 'Cierre propuesto');
  const pending = treasurer.getByTestId('closing-pending');
  await pending.getByText('Espera la aprobación de otro miembro del comité.').waitFor();
  expect(await pending.getByRole('button', { name: 'Aprobar y cerrar la promoción' }).count()).toBe(0);

  const { page: president } = await newPage(browser, DESKTOP);
  await signIn(president, portal.url, 'presidenta', PRESIDENT_PASSWORD);
  await president.waitForURL(`${portal.url}/admin`);
  await president.goto(`${portal.url}/admin/cierre`);
  await president.getByTestId('closing-pending').getByRole('button', { name: 'Aprobar y cerrar la promoción' }).click();
  await president.getByRole('alertdialog').getByRole('button', { name: 'Aprobar y cerrar la promoción' }).click();
  await toast(president, 'Promoción cerrada');
  const report = president.getByTestId('closing-report');
  await report.getByText('Informe final').waitFor();
  const hash = (await president.getByTestId('closing-hash').textContent())!.trim();
  const workbook = await president.request.get(`${portal.url}/api/class/report/workbook`);
  expect(
    createHash('sha256')
      .update(await workbook.body())
      .digest('hex'),
  ).toBe(hash);
  await screenshot(president, 'closing-report');

  // Nothing changes it now: a new notice is refused with the reason.
  const notice = await president.request.post(`${portal.url}/api/notifications`, {
    data: { title: 'Aviso', message: 'Texto', date: '2026-12-01T15:00:00.000Z' },
    headers: { origin: portal.url },
  });
  expect(notice.status()).toBe(409);
  expect(((await notice.json()) as { message: string }).message).toBe('La Promoción 2026 está cerrada: sus datos ya no cambian.');

  // A parent on a phone reads the final report and downloads the families' version of it.
  const { page: parent } = await newPage(browser, PHONE);
  await signIn(parent, portal.url, 'padre');
  await parent.waitForURL(`${portal.url}/parent`);
  await parent.getByRole('link', { name: 'Cuentas', exact: true }).click();
  const final = parent.getByTestId('final-report');
  await final.getByText('La Promoción 2026 está cerrada: informe final').waitFor();
  expect(await final.getByText(hash).count()).toBe(0);
  const families = await parent.request.get(`${portal.url}/api/class/report/workbook`);
  expect(families.headers()['content-disposition']).toContain('informe-rendicion-de-cuentas-familias-promocion-2026.xlsx');
  expect(
    createHash('sha256')
      .update(await families.body())
      .digest('hex'),
  ).not.toBe(hash);
  await final.getByText('Puedes consultar la promoción hasta el 31/03/2027.').waitFor();
  // A closed class takes no more questions about its expenses.
  expect(await parent.getByRole('button', { name: 'Preguntar' }).count()).toBe(0);
  // What was collected, no longer what is left to collect.
  const collected = parent.getByRole('region', { name: 'Lo cobrado' });
  await collected.getByText('La Promoción 2026 cerró: ya no se cobra lo que faltó.').waitFor();
  expect(await parent.getByText(/por cobrar/).count()).toBe(0);
  expect(await scrollsSideways(parent)).toBe(false);
  await screenshot(parent, 'closing-parent');
  const { page: parentAtDesk } = await newPage(browser, DESKTOP);
  await signIn(parentAtDesk, portal.url, 'padre');
  await parentAtDesk.waitForURL(`${portal.url}/parent`);
  await parentAtDesk.goto(`${portal.url}/parent/cuentas`);
  await parentAtDesk.getByRole('region', { name: 'Lo cobrado' }).waitFor();
  await screenshot(parentAtDesk, 'closing-parent');
});
