// The class's accounts on the committee's books (docs/books.md 'Accounts'): a savings account
// added, cash deposited into the bank as a transfer (the total unchanged, both accounts moved, the
// cash box's movements naming it), at 1280 px and on a 375 px phone without sideways scrolling.
import path from 'node:path';
import type { Books } from '@portal/contracts';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, newPage, PHONE, scrollsSideways, signIn } from '../support/browser';
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

const SHOTS = path.join(ROOT, 'e2e/artifacts/screenshots');
const card = (page: Page) => page.getByRole('region', { name: 'Cuentas de la promoción' });
const toast = (page: Page, title: string) => page.getByRole('status').filter({ hasText: title }).first().waitFor();

it('adds a savings account and moves cash into the bank, the total unchanged, at 1280 and 375 px', async () => {
  const { context, page } = await newPage(browser, DESKTOP);
  await signIn(page, portal.url, 'admin');
  await page.waitForURL(`${portal.url}/admin`);
  const books = async () => (await (await page.request.get(`${portal.url}/api/books`)).json()) as Books;
  const before = await books();
  await page.goto(`${portal.url}/admin/cuentas-comite`);
  const accounts = card(page);
  await accounts.getByRole('list', { name: 'Cuentas y saldos' }).waitFor();

  await accounts.locator('summary', { hasText: 'Agregar cuenta de banco' }).click();
  const add = accounts.getByRole('form', { name: 'Agregar cuenta de banco' });
  await add.getByLabel('Nombre', { exact: true }).fill('Ahorro');
  await add.getByLabel('Banco', { exact: true }).fill('Banrural');
  await add.getByLabel('Número de cuenta').fill('445-566778-8');
  await add.getByLabel('A nombre de').fill('Comité de Padres');
  await add.getByRole('button', { name: 'Agregar cuenta de banco' }).click();
  await toast(page, 'Cuenta agregada');
  await accounts.getByText('Ahorro · Banrural · 445-566778-8 · Comité de Padres').waitFor();

  const transfer = accounts.getByRole('form', { name: 'Traspasos entre cuentas' });
  await transfer.getByLabel('Monto (Q)').fill('150.50');
  await transfer.getByLabel('Nota').fill('Efectivo de la reunión depositado');
  await transfer.getByRole('button', { name: 'Registrar traspaso' }).click();
  await toast(page, 'Traspaso registrado');
  const after = await books();
  expect(after.totals).toEqual(before.totals);
  const cash = (view: Books) => Math.round(view.accounts.find((account) => account.kind === 'caja')!.balance * 100);
  const main = (view: Books) => Math.round(view.accounts.find((account) => account.main)!.balance * 100);
  expect(cash(after)).toBe(cash(before) - 15050);
  expect(main(after)).toBe(main(before) + 15050);

  const cashRow = accounts.getByRole('listitem').filter({ hasText: 'Efectivo en caja' });
  await cashRow.getByRole('button', { name: 'Movimientos' }).click();
  const dialog = page.getByRole('dialog', { name: 'Movimientos de Caja' });
  await dialog
    .getByText(/^Traspaso a /)
    .first()
    .waitFor();
  await dialog.screenshot({ path: path.join(SHOTS, 'money-accounts-movements-1280.png') });
  await page.keyboard.press('Escape');
  await accounts.screenshot({ path: path.join(SHOTS, 'money-accounts-1280.png') });
  await context.close();

  const phone = await newPage(browser, PHONE);
  await signIn(phone.page, portal.url, 'admin');
  await phone.page.waitForURL(`${portal.url}/admin`);
  await phone.page.goto(`${portal.url}/admin/cuentas-comite`);
  await card(phone.page).getByText('Ahorro · Banrural · 445-566778-8 · Comité de Padres').waitFor();
  expect(await scrollsSideways(phone.page)).toBe(false);
  await card(phone.page).screenshot({ path: path.join(SHOTS, 'money-accounts-375.png') });
  await phone.context.close();
});
