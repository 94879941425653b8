// Bank reconciliation through the screens: the committee uploads the bank's statement, checks
// what the portal matched, confirms the exact matches in one click, and the family sees its
// payment paid.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, newPage, PHONE, screenshot, scrollsSideways, signIn } from '../support/browser';
import { startPortal, type Portal } from '../support/portal';

let browser: Browser;
let portal: Portal;
let admin: Page;
let parent: Page;
let statement: string;

interface Statement {
  paymentReference: string;
  lines: Array<{ paymentNumber: number; balance: number | null }>;
  entries: Array<{ id: number; kind: string; reversal: unknown }>;
}

beforeAll(async () => {
  [browser, portal] = await Promise.all([launchBrowser(), startPortal()]);
  ({ page: admin } = await newPage(browser, DESKTOP));
  await signIn(admin, portal.url, 'admin');
  await admin.waitForURL(`${portal.url}/admin`);
  ({ page: parent } = await newPage(browser, PHONE));
  await signIn(parent, portal.url, 'padre');
  await parent.waitForURL(`${portal.url}/parent`);
  // The demo's transfers for the parent's family are reversed: it owes its first payment again.
  const demo = (await (await parent.request.get(`${portal.url}/api/my-family/statement`)).json()) as Statement;
  for (const entry of demo.entries.filter((one) => one.kind === 'credito' && !one.reversal)) {
    const response = await admin.request.post(`${portal.url}/api/ledger-entries/${entry.id}/reverse`, {
      data: { reason: 'Datos de demostración' },
    });
    expect(response.status()).toBe(200);
  }
  const own = (await (await parent.request.get(`${portal.url}/api/my-family/statement`)).json()) as Statement;
  const next = own.lines.find((line) => line.balance !== null && line.balance > 0)!;
  expect(next.paymentNumber).toBe(1);
  // A bank's export: account rows, then the table; the family's deposit with its reference, and
  // a deposit nobody can be tied to.
  const csv = [
    'Banco Industrial;;;;',
    'Cuenta:;123-456789-0;;;',
    ';;;;',
    'Fecha;No. Documento;Descripción;Débito;Crédito',
    `02/11/2026;100231;DEPOSITO ${own.paymentReference} CARLOS MORALES;;Q ${next.balance!.toLocaleString('en-US')}.00`,
    '03/11/2026;100232;DEPOSITO SIN REFERENCIA;;Q 17.00',
    '04/11/2026;100233;COMISION;Q 25.00;',
  ].join('\n');
  statement = path.join(mkdtempSync(path.join(tmpdir(), 'bank-')), 'estado-de-cuenta.csv');
  writeFileSync(statement, `\uFEFF${csv}`);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe("'Importar estado de cuenta del banco'", () => {
  it('reads the statement, confirms the exact match in one click, and the family sees it paid', async () => {
    await admin.goto(`${portal.url}/admin/banco`);
    await admin.getByRole('heading', { name: 'Importar estado de cuenta del banco' }).waitFor();
    await admin.getByLabel('Archivo del banco').setInputFiles(statement);
    await admin.getByText('2 depósitos en el archivo; 2 por decidir.').waitFor();
    const matched = admin.getByRole('row', { name: /CARLOS MORALES/ });
    await matched.getByText('Exacta').waitFor();
    expect(await matched.getByRole('combobox').inputValue()).not.toBe('');
    const unmatched = admin.getByRole('row', { name: /SIN REFERENCIA/ });
    expect(await unmatched.getByRole('combobox').inputValue()).toBe('');
    await screenshot(admin, 'bank-admin-preview');

    await admin.getByRole('button', { name: 'Confirmar 1 coincidencia exacta' }).click();
    await admin.getByRole('status').filter({ hasText: '1 línea aplicada' }).first().waitFor();
    await matched.getByText('Ya aplicada').waitFor();

    // The line nobody claims is discarded; reading the file again shows both decided.
    await unmatched.getByRole('button', { name: 'Descartar el depósito de la fila 6' }).click();
    await admin.getByText('2 depósitos en el archivo; 0 por decidir.').waitFor();
    await unmatched.getByText('Descartada').waitFor();

    await parent.goto(`${portal.url}/parent/pagos`);
    const first = parent.locator('.parent-payment', { hasText: 'Primer Pago' });
    await first.getByText('Pagado', { exact: true }).waitFor();
    await parent.locator('.parent-movement', { hasText: 'Depósito en el banco' }).waitFor();
    await parent.getByText('Escribe esta referencia en tu boleta de depósito o en la descripción de tu transferencia.').waitFor();
    await screenshot(parent, 'bank-parent-verified');
  });

  it('proposes the family a near reference and its name point at, over an amount, and labels a proposal resting on the amount alone', async () => {
    const get = async <T>(url: string) => (await (await admin.request.get(`${portal.url}${url}`)).json()) as T;
    const families = await get<Array<{ id: number; graduateName: string }>>('/api/families');
    const own = (await (await parent.request.get(`${portal.url}/api/my-family/statement`)).json()) as Statement;
    // Three families other than the parent's: one written with a wrong check letter and its
    // graduate's name, one with an O for a zero, one told only by an amount nobody else owes.
    const others = [];
    for (const family of families) {
      const statement = await get<Statement>(`/api/families/${family.id}/statement`);
      if (statement.paymentReference !== own.paymentReference) others.push({ ...family, statement });
    }
    const [named, zero, amountOnly] = others;
    const next = amountOnly!.statement.lines.find((line) => line.balance !== null && line.balance > 0)!;
    const override = await admin.request.put(`${portal.url}/api/families/${amountOnly!.id}/payments/${next.paymentNumber}/override`, {
      data: { amountQuetzales: 2777, reason: 'Beca parcial' },
    });
    expect(override.status()).toBe(200);
    // What it owes next now (less what it already paid of that payment): no other family owes it.
    const owed = (statement: Statement) => statement.lines.find((line) => line.balance !== null && line.balance > 0)?.balance ?? null;
    const amount = owed(await get<Statement>(`/api/families/${amountOnly!.id}/statement`))!;
    for (const other of others.slice(0, 2)) expect(owed(other.statement)).not.toBe(amount);
    const written = `Q ${amount.toLocaleString('en-US')}.00`;
    const wrongLetter = named!.statement.paymentReference.slice(0, -1) + (named!.statement.paymentReference.endsWith('K') ? 'T' : 'K');
    const firstName = named!.graduateName.split(' ')[0]!.toLowerCase();
    const withO = zero!.statement.paymentReference.replace(/-0/, '-O');
    const csv = [
      'Fecha;No. Boleta;Descripción;Crédito',
      `10/11/2026;880001;DEP ${wrongLetter} ${firstName};${written}`,
      `11/11/2026;880002;DEPOSITO EN EFECTIVO;${written}`,
      `12/11/2026;880003;DEP ${withO};Q 17.00`,
    ].join('\n');
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'bank-')), 'boletas.csv');
    writeFileSync(file, csv);

    await admin.goto(`${portal.url}/admin/banco`);
    await admin.getByLabel('Archivo del banco').setInputFiles(file);
    await admin.getByText('3 depósitos en el archivo; 3 por decidir.').waitFor();
    // 'No. Boleta' is the deposit's document number.
    await admin.getByText('Documento 880001').waitFor();
    const near = admin.getByRole('row', { name: new RegExp(wrongLetter) });
    await near.getByText('Referencia casi igual', { exact: true }).waitFor();
    await near.getByText(`referencia casi igual a ${named!.statement.paymentReference}`, { exact: false }).waitFor();
    expect(await near.getByRole('combobox').inputValue()).toBe(String(named!.id));
    const byAmount = admin.getByRole('row', { name: /DEPOSITO EN EFECTIVO/ });
    await byAmount.getByText('Solo por el monto', { exact: true }).waitFor();
    await byAmount.getByText(`Solo por el monto: Q${amount.toLocaleString('en-US')} es el de su`, { exact: false }).waitFor();
    expect(await byAmount.getByRole('combobox').inputValue()).toBe(String(amountOnly!.id));
    const o = admin.getByRole('row', { name: new RegExp(withO) });
    await o.getByText(`referencia casi igual a ${zero!.statement.paymentReference}`, { exact: false }).waitFor();
    expect(await o.getByRole('combobox').inputValue()).toBe(String(zero!.id));
    // None is exact: nothing is confirmed in one click.
    expect(await admin.getByRole('button', { name: /^Confirmar \d+ coincidencias? exactas?$/ }).isDisabled()).toBe(true);
    await screenshot(admin, 'bank-near-references');

    const { context, page } = await newPage(browser, PHONE);
    await signIn(page, portal.url, 'admin');
    await page.waitForURL(`${portal.url}/admin`);
    await page.goto(`${portal.url}/admin/banco`);
    await page.getByLabel('Archivo del banco').setInputFiles(file);
    await page.getByText('Solo por el monto', { exact: true }).waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    await screenshot(page, 'bank-near-references');
    await context.close();
  });

  it('fits a phone', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await signIn(page, portal.url, 'admin');
    await page.waitForURL(`${portal.url}/admin`);
    await page.goto(`${portal.url}/admin/banco`);
    await page.getByLabel('Archivo del banco').setInputFiles(statement);
    // Decided or not (the other test may have run first), the file's lines are listed.
    await page.getByText(/^2 depósitos en el archivo; [02] por decidir\.$/).waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    await screenshot(page, 'bank-admin');
    await context.close();
  });
});
