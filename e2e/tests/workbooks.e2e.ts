// The committee's workbooks, downloaded from the screens and read back: counts, table numbers and
// seats are number cells a sheet adds up and sorts, not text.
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, newPage, signIn } from '../support/browser';
import { startPortal, type Portal } from '../support/portal';

let browser: Browser;
let portal: Portal;
let admin: Page;

beforeAll(async () => {
  [browser, portal] = await Promise.all([launchBrowser(), startPortal()]);
  ({ page: admin } = await newPage(browser, DESKTOP));
  await signIn(admin, portal.url, 'admin');
  await admin.waitForURL(`${portal.url}/admin`);
  // A hall of four tables for the seating list.
  const layout = await admin.request.post(`${portal.url}/api/gala/layout`, { data: { count: 4, columns: 4 } });
  expect(layout.status()).toBeLessThan(300);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/** Downloads the workbook a button gives and returns the sheet's cells below the header, by column name. */
async function download(path: string, button: string, sheetName: string): Promise<Map<string, ExcelJS.Cell[]>> {
  await admin.goto(`${portal.url}/admin/${path}`);
  const [file] = await Promise.all([admin.waitForEvent('download'), admin.getByRole('button', { name: button }).click()]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await file.path());
  const sheet = workbook.getWorksheet(sheetName)!;
  const columns = new Map<string, ExcelJS.Cell[]>();
  sheet.getRow(1).eachCell((header, column) => {
    const cells: ExcelJS.Cell[] = [];
    for (let row = 2; row <= sheet.rowCount; row += 1) cells.push(sheet.getRow(row).getCell(column));
    columns.set(String(header.value), cells);
  });
  return columns;
}

const types = (cells: ExcelJS.Cell[]) => [...new Set(cells.map((cell) => cell.type))];

describe('workbooks', () => {
  it("write 'Graduados' in 'Estado de cuenta' as numbers", async () => {
    const columns = await download('fechas-de-pago', 'Exportar confirmaciones de pago', 'Estado de cuenta');
    const graduates = columns.get('Graduados')!;
    expect(graduates.length).toBeGreaterThan(0);
    expect(types(graduates)).toEqual([ExcelJS.ValueType.Number]);
    expect(graduates.every((cell) => Number.isInteger(cell.value) && (cell.value as number) >= 1)).toBe(true);
  });

  it("write the people of 'RSVPs de Eventos' as numbers, empty for a family that does not come", async () => {
    const columns = await download('confirmaciones', 'Exportar RSVPs', 'RSVPs de Eventos');
    const guests = columns.get('Personas')!;
    const attending = columns.get('Asistencia')!;
    expect(guests.filter((cell) => cell.type === ExcelJS.ValueType.Number).length).toBeGreaterThan(0);
    guests.forEach((cell, index) =>
      expect(cell.type).toBe(attending[index]!.value === 'Sí' ? ExcelJS.ValueType.Number : ExcelJS.ValueType.Null),
    );
  });

  it('write the seating list’s table numbers and seats as numbers', async () => {
    const columns = await download('fiesta', 'Exportar lista de mesas', 'Mesas');
    expect(columns.get('Mesa')!.map((cell) => cell.value)).toEqual([1, 2, 3, 4]);
    expect(types(columns.get('Mesa')!)).toEqual([ExcelJS.ValueType.Number]);
    expect(types(columns.get('Lugares')!)).toEqual([ExcelJS.ValueType.Number]);
  });
});
