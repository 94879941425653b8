import type { HttpException } from '@nestjs/common';
import { noise, xlsxBomb } from '../../test/fixtures/bank/make-hostile';
import { BANK_TEXTS } from './statement-limits';
import { readXlsx } from './xlsx-rows';

// Each cap on an XLSX alone: the others are not reached by the file that tests it.
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: Partial<HttpException> & Error) => ({ status: error.getStatus?.() ?? 400, message: error.message }),
  );
const TOO_LARGE = { status: 413, message: BANK_TEXTS.tooLargeXlsx };

describe('readXlsx', () => {
  it('stops inflating at 16 MB, whatever the zip declares', async () => {
    const rows: unknown[] = [];
    const bomb = await xlsxBomb(20, noise());
    expect(bomb.length).toBeGreaterThan(4 * 1024 * 1024);
    expect(await refusal(readXlsx(bomb, (row) => rows.push(row)))).toEqual(TOO_LARGE);
    expect(rows).toEqual([
      ['Fecha', 'Crédito'],
      ['15/03/2026', 100],
    ]);
  });

  it('refuses a part past 1 MB that inflates 200 times its size', async () => {
    expect(await refusal(readXlsx(await xlsxBomb(2, '<x/>'), () => undefined))).toEqual(TOO_LARGE);
  });

  it('refuses a run of blank space longer than any cell before it builds up', async () => {
    expect(await refusal(readXlsx(await xlsxBomb(0.5), () => undefined))).toEqual(TOO_LARGE);
  });

  it('reads a sheet within the caps', async () => {
    const rows: unknown[] = [];
    expect(await refusal(readXlsx(await xlsxBomb(0.05), (row) => rows.push(row)))).toBeNull();
    expect(rows).toHaveLength(2);
  });
});
