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
  await admin.close();
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
  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ])('ends every withdrawal from its row, in words, on a %s', async (name, viewport) => {
    const { page } = await newPage(browser, viewport);
    await signIn(page, portal.url, 'admin');
    await page.waitForURL(`${portal.url}/admin`);
    await page.goto(`${portal.url}/admin/banco`);
    await page.getByLabel('Archivo del banco').setInputFiles(statement);
    const row = (text: RegExp) => page.getByRole('row', { name: text });

    if (name === 'phone') {
      await page.getByText('3 retiros en el archivo; 3 por decidir.').waitFor();
      const label = `Comisión #${recordedId} · Banco Industrial · 31/10/2026`;
      await row(/OCTUBRE/)
        .getByText(`Registrado a mano: ${label}`)
        .waitFor();
      await screenshot(page, 'bank-withdrawals');
      expect(await scrollsSideways(page)).toBe(false);

      await page.getByRole('button', { name: `Enlazar el retiro de la fila 2 a ${label}` }).click();
      await row(/OCTUBRE/)
        .getByText(`Enlazada a ${label}`)
        .waitFor();
      await page.getByRole('button', { name: 'Registrar el retiro de la fila 4 como comisión del banco' }).click();
      await row(/NOVIEMBRE/)
        .getByText(/Registrada como comisión del banco/)
        .waitFor();
      await page.getByRole('button', { name: 'Descartar el retiro de la fila 3' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox', { name: /motivo/i }).fill('Cobro por error; el banco lo devuelve');
      await dialog.getByRole('button', { name: 'Descartar' }).click();
      await page.getByText('3 retiros en el archivo; 0 por decidir.').waitFor();
      await row(/CARGO POR SERVICIO/)
        .getByText('Descartada: Cobro por error; el banco lo devuelve')
        .waitFor();
      await screenshot(page, 'bank-withdrawals-decided');
      expect(await scrollsSideways(page)).toBe(false);
    } else {
      // Read again by the desktop: every line decided, the discarded one reopens.
      await page.getByText('3 retiros en el archivo; 0 por decidir.').waitFor();
      await screenshot(page, 'bank-withdrawals-decided');
      await page.getByRole('button', { name: 'Reabrir el retiro de la fila 3' }).click();
      await page.getByText('3 retiros en el archivo; 1 por decidir.').waitFor();
      await page.getByRole('button', { name: 'Descartar el retiro de la fila 3' }).waitFor();
      // The books hold both fees once: the one recorded by hand, and the one recorded from its row.
      const books = (await (await page.request.get(`${portal.url}/api/books`)).json()) as {
        expenses: Array<{ kind: string; amount: number; reversal: unknown }>;
      };
      expect(books.expenses.filter((row) => row.kind === 'comision' && row.amount === 25)).toHaveLength(2);
    }
    await page.close();
  });
});
