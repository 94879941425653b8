// The treasurer's month end (issue 41, item 8): November's CSV applied; the bank's own XLSX of the
// same weeks (other headers, dates as cells) shows the deposits it shares with the CSV as already
// applied, naming the family; a deposit applied to the wrong family is undone from 'Banco' inside
// the e-mail window and applied to the right one; the wrong family is never e-mailed (its message
// 'Retenido' in 'Correos'); 'Gestión de Familias' ordered by 'Debe hoy' puts the family that owes
// most first. At 1280 and 375 px.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import type { SMTPServer } from 'smtp-server';
import { seriousA11yViolations, smallTapTargets } from '../support/checks';
import { DESKTOP, launchBrowser, newPage, PHONE, screenshot, scrollsSideways, signIn } from '../support/browser';
import { catchMail, mailBody, mailMatching, mailsTo } from '../support/mail-catcher';
import { startPortal, type Portal } from '../support/portal';

interface Family {
  id: number;
  graduateName: string;
  email: string;
  owedNow: number;
}
interface Statement {
  paymentReference: string;
  lines: Array<{ balance: number | null }>;
  entries: Array<{ id: number; kind: string; source: string; amount: number; reversal: unknown }>;
  totals: { received: number };
}

let browser: Browser;
let portal: Portal;
let smtp: SMTPServer;
let admin: Page;
let exact: Family;
let wrong: Family;
let right: Family;
let exactAmount: number;
let exactReference: string;
let csvFile: string;
let xlsxFile: string;
const files = mkdtempSync(path.join(tmpdir(), 'month-'));
const clockFile = path.join(files, 'clock-offset');
const inbox: Array<{ to: string[]; data: string }> = [];

const mailTo = (email: string, pattern: RegExp) => mailMatching(inbox, email, pattern, 20_000);

const get = async <T>(url: string) => (await (await admin.request.get(`${portal.url}${url}`)).json()) as T;
const toast = (page: Page, title: string) => page.getByRole('status').filter({ hasText: title }).first().waitFor();
const today = () => {
  const day = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Guatemala' });
  return `${day.slice(8, 10)}/${day.slice(5, 7)}`;
};

beforeAll(async () => {
  const mail = await catchMail(inbox);
  smtp = mail.server;
  writeFileSync(clockFile, '0');
  // MONEY_MAIL_DELAY_MINUTES is left at its default (10): the test moves the portal's clock instead.
  [browser, portal] = await Promise.all([
    launchBrowser(),
    startPortal({
      SMTP_URL: mail.url,
      MAIL_POLL_SECONDS: '1',
      NODE_OPTIONS: `--require ${path.join(__dirname, '../support/clock.cjs')}`,
      PORTAL_TEST_CLOCK_FILE: clockFile,
    }),
  ]);
  ({ page: admin } = await newPage(browser, DESKTOP));
  await signIn(admin, portal.url, 'admin');
  await admin.waitForURL(`${portal.url}/admin`);

  // Three families with their own e-mail addresses: one whose deposit carries its reference and
  // what it owes next, one a deposit is wrongly applied to, and the one it belongs to.
  const families = (await get<Family[]>('/api/families')).filter((family) => family.email);
  const picked: Array<Family & { statement: Statement }> = [];
  for (const family of families) {
    if (picked.some((one) => one.email === family.email)) continue;
    const statement = await get<Statement>(`/api/families/${family.id}/statement`);
    if (picked.length === 0 && !statement.lines.some((line) => line.balance !== null && line.balance > 0)) continue;
    picked.push({ ...family, statement });
    if (picked.length === 3) break;
  }
  expect(picked).toHaveLength(3);
  [exact, wrong, right] = [picked[0]!, picked[1]!, picked[2]!];
  const first = picked[0]!.statement;
  exactAmount = first.lines.find((line) => line.balance !== null && line.balance > 0)!.balance!;
  exactReference = first.paymentReference;

  const csv = [
    'Banco Industrial;;;;',
    'Cuenta:;123-456789-0;;;',
    ';;;;',
    'Fecha;No. Documento;Descripción;Débito;Crédito',
    `05/11/2026;48213377;DEPOSITO ${first.paymentReference};;Q ${exactAmount.toLocaleString('en-US')}.00`,
    '12/11/2026;100232;DEPOSITO SIN REFERENCIA AGENCIA ZONA 10;;Q 500.00',
    '14/11/2026;100240;COMISION MANEJO;Q 25.00;',
  ].join('\n');
  csvFile = path.join(files, 'noviembre.csv');
  writeFileSync(csvFile, `\uFEFF${csv}`);

  // The bank's own export of 1 Nov to 2 Dec: other headers, dates as cells, amounts as numbers,
  // document numbers as numbers; the two November deposits again, and one of December.
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Movimientos');
  sheet.addRow(['Estado de cuenta', 'Cuenta monetaria 123-456789-0']);
  sheet.addRow([]);
  sheet.addRow(['Fecha de operación', 'Referencia', 'Concepto', 'Abono']);
  sheet.addRow([new Date(Date.UTC(2026, 10, 5)), 48213377, `Deposito ${first.paymentReference.toLowerCase()}`, exactAmount]);
  sheet.addRow([new Date(Date.UTC(2026, 10, 12)), 100232, 'Depósito sin referencia agencia zona 10', 500]);
  sheet.addRow([new Date(Date.UTC(2026, 11, 2)), 100301, 'Deposito agencia Pradera', 725]);
  xlsxFile = path.join(files, 'movimientos-banco.xlsx');
  await workbook.xlsx.writeFile(xlsxFile);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  rmSync(files, { recursive: true, force: true });
});

/** November's CSV: the exact match confirmed in one click, the deposit without reference applied (to the wrong family). */
async function novembersCsvIsApplied(): Promise<void> {
  await admin.goto(`${portal.url}/admin/banco`);
  await admin.getByLabel('Archivo del banco').setInputFiles(csvFile);
  await admin.getByText('2 depósitos en el archivo; 2 por decidir.').waitFor();
  await admin.getByRole('button', { name: 'Confirmar 1 coincidencia exacta' }).click();
  await toast(admin, '1 línea aplicada');
  const loose = admin.getByRole('row', { name: /SIN REFERENCIA/ });
  await loose.getByRole('combobox').selectOption({ label: wrong.graduateName });
  await loose.getByRole('button', { name: /^Aplicar el depósito/ }).click();
  await admin.getByText('2 depósitos en el archivo; 0 por decidir.').waitFor();
  await loose.getByText(`Aplicada a la familia de ${wrong.graduateName} el ${today()}, desde noviembre.csv`).waitFor();
}

/** The bank's XLSX: the deposits it shares with the CSV read as applied, naming the family and the file. */
async function theBanksXlsxShowsTheOverlap(page: Page): Promise<void> {
  await page.goto(`${portal.url}/admin/banco`);
  await page.getByLabel('Archivo del banco').setInputFiles(xlsxFile);
  await page.getByText('3 depósitos en el archivo; 1 por decidir.').waitFor();
  const first = page.getByRole('row', { name: new RegExp(exactReference, 'i') });
  await first.getByText(`Aplicada a la familia de ${exact.graduateName} el ${today()}, desde noviembre.csv`).waitFor();
  const loose = page.getByRole('row', { name: /sin referencia/ });
  await loose.getByText(`Aplicada a la familia de ${wrong.graduateName} el ${today()}, desde noviembre.csv`).waitFor();
  await loose.getByRole('button', { name: `Deshacer la fila 5: quitar el depósito a la familia de ${wrong.graduateName}` }).waitFor();
  // December's deposit is new: a family to choose.
  await page
    .getByRole('row', { name: /Pradera/ })
    .getByRole('combobox')
    .waitFor();
  expect(await scrollsSideways(page)).toBe(false);
}

/** 'Deshacer' on the wrong family's line, with the internal reason; the line is pending and goes to the right family. */
async function theWrongApplicationIsUndone(): Promise<void> {
  const loose = admin.getByRole('row', { name: /sin referencia/ });
  await loose.scrollIntoViewIfNeeded();
  await screenshot(admin, 'bank-admin-applied');
  await loose.getByRole('button', { name: /^Deshacer la fila 5/ }).click();
  const dialog = admin.getByRole('dialog', { name: 'Deshacer la aplicación' });
  await dialog
    .getByText(`Se revierte el crédito de Q500 que esta línea dio a la familia de ${wrong.graduateName}.`, { exact: false })
    .waitFor();
  expect(await dialog.getByRole('button', { name: 'Revertir', exact: true }).isDisabled()).toBe(true);
  await dialog.getByLabel(/^Motivo interno/).fill(`Era de la familia de ${right.graduateName}`);
  expect(await seriousA11yViolations(admin)).toEqual([]);
  await dialog.getByRole('button', { name: 'Revertir', exact: true }).click();
  await toast(admin, 'Movimiento revertido');
  await admin.getByText('3 depósitos en el archivo; 2 por decidir.').waitFor();
  expect(await loose.getByRole('button', { name: /^Deshacer/ }).count()).toBe(0);
  await loose.getByRole('combobox').selectOption({ label: right.graduateName });
  await loose.getByRole('button', { name: /^Aplicar el depósito/ }).click();
  await admin.getByText('3 depósitos en el archivo; 1 por decidir.').waitFor();
  await loose.getByText(`Aplicada a la familia de ${right.graduateName} el ${today()}, desde noviembre.csv`).waitFor();

  const standing = (statement: Statement) =>
    statement.entries.filter((entry) => entry.kind === 'credito' && entry.source === 'banco' && entry.amount === 500 && !entry.reversal)
      .length;
  expect(standing(await get<Statement>(`/api/families/${wrong.id}/statement`))).toBe(0);
  expect(standing(await get<Statement>(`/api/families/${right.id}/statement`))).toBe(1);
}

/** Ten minutes later (the portal's clock moved on), the outbox sends what is due: never to the wrong family. */
async function nobodyWrongIsEmailed(): Promise<void> {
  // Nothing about money has left yet: it waits for the window.
  expect(inbox.map((one) => mailBody(one.data)).filter((body) => /encontró tu depósito/.test(body))).toEqual([]);
  writeFileSync(clockFile, String(11 * 60_000));
  await mailTo(exact.email, /encontró tu depósito del 05\/11\/2026/);
  await mailTo(right.email, /encontró tu depósito del 12\/11\/2026 en el estado de cuenta del banco: recibimos Q500/);
  // Sent in the order they were queued: the wrong family's came before the right one's.
  expect(mailsTo(inbox, wrong.email).filter((body) => /depósito|corrigió/.test(body))).toEqual([]);

  await admin.goto(`${portal.url}/admin/correos`);
  const withheld = admin.getByRole('row').filter({ hasText: wrong.email });
  await withheld.getByText('Retenido', { exact: true }).waitFor();
  await withheld.getByText('Se corrigió antes del envío: no quedó nada que contar a la familia.').waitFor();
  expect(await admin.getByRole('row').filter({ hasText: right.email }).getByText('Enviado').count()).toBeGreaterThan(0);
}

/** 'Gestión de Familias' ordered by 'Debe hoy': the family that owes most first. */
async function theFamilyThatOwesMostIsFirst(page: Page): Promise<void> {
  const families = await get<Family[]>('/api/families');
  const most = Math.max(...families.map((family) => family.owedNow));
  expect(most).toBeGreaterThan(0);
  const owing = families.filter((family) => family.owedNow === most).map((family) => family.graduateName);
  await page.goto(`${portal.url}/admin/familias`);
  await page.getByLabel('Ordenar por').selectOption({ label: 'Debe hoy (mayor primero)' });
  const firstRow = page.getByRole('row').nth(1);
  await firstRow.waitFor();
  const text = (await firstRow.textContent()) ?? '';
  expect(owing.some((name) => text.includes(name))).toBe(true);
  expect(await scrollsSideways(page)).toBe(false);
}

describe("the month in 'Banco'", () => {
  it('applies the CSV, shows the overlap of the XLSX as applied, undoes a wrong family inside the window and e-mails nobody wrong, at 1280 and 375 px', async () => {
    await novembersCsvIsApplied();
    await theBanksXlsxShowsTheOverlap(admin);
    await screenshot(admin, 'bank-admin-preview');
    await theWrongApplicationIsUndone();
    await nobodyWrongIsEmailed();
    await theFamilyThatOwesMostIsFirst(admin);

    // The same on the treasurer's phone.
    const { context, page } = await newPage(browser, PHONE);
    await signIn(page, portal.url, 'admin');
    await page.waitForURL(`${portal.url}/admin`);
    await page.goto(`${portal.url}/admin/banco`);
    await page.getByLabel('Archivo del banco').setInputFiles(xlsxFile);
    await page.getByText('3 depósitos en el archivo; 1 por decidir.').waitFor();
    const loose = page.getByRole('row', { name: /sin referencia/ });
    await loose.getByText(`Aplicada a la familia de ${right.graduateName} el ${today()}, desde noviembre.csv`).waitFor();
    await loose.getByRole('button', { name: /^Deshacer la fila 5/ }).scrollIntoViewIfNeeded();
    expect(await scrollsSideways(page)).toBe(false);
    expect(await smallTapTargets(page)).toEqual([]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    // A full-page picture from the top (the header is sticky).
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'bank-admin');
    await theFamilyThatOwesMostIsFirst(page);
    await context.close();
  }, 240_000);
});
