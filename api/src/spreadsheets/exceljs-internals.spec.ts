import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { sheetZipInput } from './exceljs-internals';

describe('sheetZipInput (the exceljs internal the export waits on)', () => {
  it('finds the stream a committed sheet writes into, and sees the XML waiting there', () => {
    const out = new PassThrough();
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out });
    const sheet = workbook.addWorksheet('Pagos');
    for (let row = 0; row < 2000; row++) sheet.addRow([`Familia ${row}`, row]).commit();
    const input = sheetZipInput(sheet);
    expect(input).toBeDefined();
    // Nothing has compressed it yet: the rows' XML is queued in that stream.
    expect(input!.waiting()).toBeGreaterThan(0);
    out.resume();
  });
});
