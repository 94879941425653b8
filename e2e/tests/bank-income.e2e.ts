// Books that meet the bank, through the screens: a statement with its 'Saldo' column, a raffle's
// deposit made other income from the line itself, the statement's closing balance recorded and
// read 'Conciliado', and the raffle in the committee's and the families' books (docs/books.md).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AccountMovements, Books } from '@portal/contracts';
import type { Browser } from 'playwright-core';
import { DESKTOP, launchBrowser, newPage, PHONE, screenshot, scrollsSideways, signIn } from '../support/browser';
import { startPortal, type Portal } from '../support/portal';

let browser: Browser;
let portal: Portal;

beforeAll(async () => {
  [browser, portal] = await Promise.all([launchBrowser(), startPortal()]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/** Centavos as a bank writes them: 'Q 1,350.00'. */
const written = (centavos: number) =>
  `Q ${(centavos / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

// One story: the suite runs a file's tests in random order, and these steps build on each other.
it('makes a raffle deposit other income, reconciles with the statement, and families read the raffle', async () => {
  const { context, page: admin } = await newPage(browser, DESKTOP);
  await signIn(admin, portal.url, 'admin');
  await admin.waitForURL(`${portal.url}/admin`);
  const books = async () => (await (await admin.request.get(`${portal.url}/api/books`)).json()) as Books;
  const before = await books();
  // The statement is the main account's: the bank holds what that account's books will hold on
  // 30/11, once the raffle and the interest are in (its movements up to that day, plus the two deposits).
  const main = before.accounts.find((account) => account.main)!;
  const { movements } = (await (
    await admin.request.get(`${portal.url}/api/books/accounts/${main.id}/movements`)
  ).json()) as AccountMovements;
  const raffle = 135_000;
  const interest = 487;
  const closing =
    movements.filter((move) => move.date <= '2026-11-30').reduce((sum, move) => sum + Math.round(move.amount * 100), 0) + raffle + interest;
  const csv = [
    'Banco Industrial;;;;;',
    'Cuenta:;123-456789-0;;;;',
    ';;;;;',
    'Fecha;No. Documento;Descripción;Débito;Crédito;Saldo',
    `14/11/2026;200101;DEPOSITO RIFA NAVIDEÑA;;${written(raffle)};${written(closing - interest)}`,
    `30/11/2026;200102;INTERESES GANADOS;;${written(interest)};${written(closing)}`,
  ].join('\n');
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'bank-')), 'noviembre.csv');
  writeFileSync(file, `\uFEFF${csv}`);

  await admin.goto(`${portal.url}/admin/banco`);
  await admin.getByLabel('Archivo del banco').setInputFiles(file);
  await admin.getByText('2 depósitos en el archivo; 2 por decidir.').waitFor();
  await admin
    .getByText(`Saldo según el banco al 30/11/2026: Q${(closing / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`)
    .waitFor();
  for (const [row, category, source] of [
    [5, 'Rifa', 'Rifa navideña'],
    [6, 'Intereses', 'Banco Industrial'],
  ] as const) {
    await admin.getByRole('button', { name: `Registrar el depósito de la fila ${row} como otro ingreso` }).click();
    const dialog = admin.getByRole('dialog', { name: 'Registrar como otro ingreso' });
    await dialog.getByLabel('Categoría').fill(category);
    await dialog.getByLabel(/^De quién o de qué/).fill(source);
    if (row === 5) await screenshot(admin, 'bank-income-dialog');
    await dialog.getByRole('button', { name: 'Registrar ingreso' }).click();
    await admin.getByRole('status').filter({ hasText: '1 registrada como otro ingreso' }).first().waitFor();
    await admin.getByText(new RegExp(`^Registrada como otro ingreso \\(${category}\\) el`)).waitFor();
  }
  await admin.getByText('2 depósitos en el archivo; 0 por decidir.').waitFor();
  await admin.getByRole('button', { name: 'Anotar como saldo del banco y comparar con las cuentas' }).click();
  await admin.getByText(/^Conciliado al 30\/11\/2026: banco Q[\d,.]+ = libros Q[\d,.]+\.$/).waitFor();
  await screenshot(admin, 'bank-income');
  const after = await books();
  expect(Math.round(after.totals.otherIncome * 100) - Math.round(before.totals.otherIncome * 100)).toBe(raffle + interest);
  expect(after.accounts.find((account) => account.main)!.reconciliation).toMatchObject({ asOf: '2026-11-30', difference: 0 });

  await admin.goto(`${portal.url}/admin/cuentas-comite`);
  await admin.getByText('Otros ingresos', { exact: true }).first().waitFor();
  await admin.getByLabel('Otros ingresos por categoría').getByText('Rifa').waitFor();
  await screenshot(admin, 'books-income-admin');
  await context.close();

  // On a phone: 'Banco' fits, and a family reads the raffle among the committee's money in.
  const phone = await newPage(browser, PHONE);
  await signIn(phone.page, portal.url, 'admin');
  await phone.page.waitForURL(`${portal.url}/admin`);
  await phone.page.goto(`${portal.url}/admin/banco`);
  await phone.page.getByLabel('Archivo del banco').setInputFiles(file);
  await phone.page.getByText(/^Registrada como otro ingreso \(Rifa\) el/).waitFor();
  expect(await scrollsSideways(phone.page)).toBe(false);
  await screenshot(phone.page, 'bank-income');
  // The undo and the income form on a phone: the dialog and 'Cuentas del Comité' fit it too.
  await phone.page.getByRole('button', { name: 'Deshacer la fila 5: quitar el ingreso de las cuentas' }).click();
  await phone.page.getByRole('dialog', { name: 'Deshacer el ingreso' }).waitFor();
  await screenshot(phone.page, 'bank-income-undo');
  await phone.page.keyboard.press('Escape');
  await phone.page.goto(`${portal.url}/admin/cuentas-comite`);
  await phone.page.getByRole('form', { name: 'Registrar otro ingreso' }).waitFor();
  expect(await scrollsSideways(phone.page)).toBe(false);
  await screenshot(phone.page, 'books-income-admin');
  await phone.context.close();

  const family = await newPage(browser, PHONE);
  await signIn(family.page, portal.url, 'padre');
  await family.page.waitForURL(`${portal.url}/parent`);
  await family.page.goto(`${portal.url}/parent/cuentas`);
  const income = family.page.getByRole('region', { name: 'Otros ingresos' });
  await income.getByText('Rifa', { exact: true }).waitFor();
  await family.page.locator('.books-expense', { hasText: 'Rifa navideña' }).getByText('+Q1,350').waitFor();
  expect(await scrollsSideways(family.page)).toBe(false);
  await screenshot(family.page, 'books-income-parent');
  await family.context.close();
  const desk = await newPage(browser, DESKTOP);
  await signIn(desk.page, portal.url, 'padre');
  await desk.page.waitForURL(`${portal.url}/parent`);
  await desk.page.goto(`${portal.url}/parent/cuentas`);
  await desk.page.getByRole('region', { name: 'Otros ingresos' }).getByText('Rifa', { exact: true }).waitFor();
  await screenshot(desk.page, 'books-income-parent');
  await desk.context.close();
});
