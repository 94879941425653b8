// A statement's money out through the screens ('Banco', 'Retiros y cargos'): the fee the treasurer
// recorded by hand is offered and matched, another fee is recorded from its row, an unknown charge
// is discarded with its reason and reopened; on a phone and on a desktop.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { DESKTOP, launchBrowser, newPage, PHONE, screenshot, scrollsSideways, signIn } from '../support/browser';
import { startPortal, type Portal } from '../support/portal';

let browser: Browser;
let portal: Portal;
let statement: string;
let recordedId: number;
let transferId: number;
let mainTransfer: string;
let savingsTransfer: string;

beforeAll(async () => {
  [browser, portal] = await Promise.all([launchBrowser(), startPortal()]);
  const { page: admin } = await newPage(browser, DESKTOP);
  await signIn(admin, portal.url, 'admin');
  await admin.waitForURL(`${portal.url}/admin`);
  // October's fee, recorded by hand in the books before the statement came.
  const recorded = await admin.request.post(`${portal.url}/api/books/expenses`, {
    multipart: {
      kind: 'comision',
      date: '2026-10-31',
      category: 'Banco',
      supplier: 'Banco Industrial',
      concept: 'Manejo de cuenta de octubre',
      amount: '25',
      method: 'transferencia',
    },
  });
  expect(recorded.status()).toBe(201);
  recordedId = ((await recorded.json()) as { id: number }).id;
  // A savings account, and money moved into it by hand: one transfer, a line in each account's statement.
  const added = await admin.request.post(`${portal.url}/api/books/accounts`, {
    data: {
      name: 'Ahorro',
      bankName: 'Banrural',
      accountNumber: '3-445-56677-8',
      accountHolder: 'Comité de Padres',
      accountType: 'ahorro',
    },
  });
  expect(added.status()).toBe(201);
  const accounts = ((await added.json()) as { accounts: Array<{ id: number; name: string; main: boolean }> }).accounts;
  const moved = await admin.request.post(`${portal.url}/api/books/transfers`, {
    data: {
      date: '2026-11-20',
      fromAccountId: accounts.find((one) => one.main)!.id,
      toAccountId: accounts.find((one) => one.name === 'Ahorro')!.id,
      amount: 2000,
      note: 'Reserva para la fiesta',
    },
  });
  expect(moved.status()).toBe(201);
  transferId = Math.max(...((await moved.json()) as { transfers: Array<{ id: number }> }).transfers.map((one) => one.id));
  await admin.close();
  const folder = mkdtempSync(path.join(tmpdir(), 'bank-transfer-'));
  mainTransfer = path.join(folder, 'monetaria.csv');
  writeFileSync(
    mainTransfer,
    ['Fecha;No. Documento;Descripción;Débito;Crédito', '20/11/2026;400201;TRASLADO A CUENTA DE AHORRO;Q 2,000.00;'].join('\n'),
  );
  savingsTransfer = path.join(folder, 'ahorro.csv');
  writeFileSync(
    savingsTransfer,
    ['Fecha;No. Documento;Descripción;Débito;Crédito', '20/11/2026;900301;TRASLADO DESDE MONETARIA;;Q 2,000.00'].join('\n'),
  );
  const csv = [
    'Fecha;No. Documento;Descripción;Débito;Crédito',
    '31/10/2026;400101;COMISION MANEJO DE CUENTA OCTUBRE;Q 25.00;',
    '15/11/2026;400102;CARGO POR SERVICIO;Q 12.00;',
    '30/11/2026;400103;COMISION MANEJO DE CUENTA NOVIEMBRE;Q 25.00;',
  ].join('\n');
  statement = path.join(mkdtempSync(path.join(tmpdir(), 'bank-out-')), 'retiros.csv');
  writeFileSync(statement, csv);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe("'Retiros y cargos' in 'Banco'", () => {
  // One test: the desktop reads what the phone decided (the suite runs its tests in random order).
  it('ends every withdrawal from its row, in words, on a phone; a desktop reads them decided and reopens one', async () => {
    const open = async (viewport: typeof PHONE) => {
      const { page } = await newPage(browser, viewport);
      await signIn(page, portal.url, 'admin');
      await page.waitForURL(`${portal.url}/admin`);
      await page.goto(`${portal.url}/admin/banco`);
      await page.getByLabel('Archivo del banco').setInputFiles(statement);
      return page;
    };
    const phone = await open(PHONE);
    const row = (text: RegExp) => phone.getByRole('row', { name: text });
    await phone.getByText('3 retiros en el archivo; 3 por decidir.').waitFor();
    const label = `Comisión #${recordedId} · Banco Industrial · 31/10/2026`;
    await row(/OCTUBRE/)
      .getByText(`Registrado a mano: ${label}`)
      .waitFor();
    await screenshot(phone, 'bank-withdrawals');
    expect(await scrollsSideways(phone)).toBe(false);

    await phone.getByRole('button', { name: `Enlazar el retiro de la fila 2 a ${label}` }).click();
    await row(/OCTUBRE/)
      .getByText(`Enlazada a ${label}`)
      .waitFor();
    await phone.getByRole('button', { name: 'Registrar el retiro de la fila 4 como comisión del banco' }).click();
    await row(/NOVIEMBRE/)
      .getByText(/Registrada como comisión del banco/)
      .waitFor();
    await phone.getByRole('button', { name: 'Descartar el retiro de la fila 3' }).click();
    const dialog = phone.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /motivo/i }).fill('Cobro por error; el banco lo devuelve');
    await dialog.getByRole('button', { name: 'Descartar' }).click();
    await phone.getByText('3 retiros en el archivo; 0 por decidir.').waitFor();
    await row(/CARGO POR SERVICIO/)
      .getByText('Descartada: Cobro por error; el banco lo devuelve')
      .waitFor();
    await screenshot(phone, 'bank-withdrawals-decided');
    expect(await scrollsSideways(phone)).toBe(false);
    await phone.close();

    // Read again by the desktop: every line decided, the discarded one reopens.
    const desk = await open(DESKTOP);
    await desk.getByText('3 retiros en el archivo; 0 por decidir.').waitFor();
    await screenshot(desk, 'bank-withdrawals-decided');
    await desk.getByRole('button', { name: 'Reabrir el retiro de la fila 3' }).click();
    await desk.getByText('3 retiros en el archivo; 1 por decidir.').waitFor();
    await desk.getByRole('button', { name: 'Descartar el retiro de la fila 3' }).waitFor();
    // The books hold both fees once: the one recorded by hand, and the one recorded from its row.
    const books = (await (await desk.request.get(`${portal.url}/api/books`)).json()) as {
      expenses: Array<{ kind: string; amount: number; reversal: unknown }>;
    };
    expect(books.expenses.filter((one) => one.kind === 'comision' && one.amount === 25)).toHaveLength(2);
    await desk.close();
  });

  it("matches one transfer on both sides: the main account's withdrawal and the savings account's deposit", async () => {
    const { page } = await newPage(browser, DESKTOP);
    await signIn(page, portal.url, 'admin');
    await page.waitForURL(`${portal.url}/admin`);
    await page.goto(`${portal.url}/admin/banco`);
    await page.getByLabel('Archivo del banco').setInputFiles(mainTransfer);
    await page.getByRole('button', { name: new RegExp(`^Enlazar el retiro de la fila 2 a Traspaso #${transferId} `) }).click();
    await page.getByText('1 retiro en el archivo; 0 por decidir.').waitFor();

    await page.getByLabel('Cuenta del estado de cuenta').selectOption({ label: 'Ahorro · 3-445-56677-8' });
    await page.getByLabel('Archivo del banco').setInputFiles(savingsTransfer);
    await page.getByText('1 depósito en el archivo; 1 por decidir.').waitFor();
    await page.getByRole('button', { name: new RegExp(`^Enlazar el depósito de la fila 2 a Traspaso #${transferId} `) }).click();
    await page.getByText('1 depósito en el archivo; 0 por decidir.').waitFor();
    await page.getByText(new RegExp(`^Enlazada a Traspaso #${transferId} · .+ → Ahorro · 20/11/2026$`)).waitFor();
    await screenshot(page, 'bank-transfer-matched');
    await page.close();
  });
});
