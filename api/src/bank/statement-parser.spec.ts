import { mappingFromHeaders, parseAmount, parseDate } from './statement-parser';

describe('parseAmount (centavos)', () => {
  it.each([
    ['Q 2,950.00', 295000],
    ['Q2950', 295000],
    ['2950.00', 295000],
    ['2.950,00', 295000],
    ['2,950', 295000],
    ['1.250.000', 125000000],
    ['2950,5', 295050],
    ['-350.50', -35050],
    ['(1,500.00)', -150000],
    ['GTQ 1 500,00', 150000],
    ['', 0],
    ['-', 0],
  ])('reads %j as %d', (text, centavos) => {
    expect(parseAmount(text)).toBe(centavos);
  });

  it('takes spreadsheet numbers as they are, without float drift', () => {
    expect(parseAmount(2950.1)).toBe(295010);
    expect(parseAmount(1234.56 + 1e-12)).toBe(123456);
    expect(parseAmount(null)).toBe(0);
  });

  it('refuses a spreadsheet number with a third decimal instead of rounding it', () => {
    expect(parseAmount(100.505)).toBeNull();
    expect(parseAmount(2950.001)).toBeNull();
  });

  it.each(['dos mil', 'Q 2,95.00', '1,2,3', '2950.001', '1.2.50,00'])('refuses %j', (text) => {
    expect(parseAmount(text)).toBeNull();
  });
});

describe('parseDate (yyyy-MM-dd)', () => {
  it.each([
    ['02/11/2026', '2026-11-02'],
    ['2/1/26', '2026-01-02'],
    ['02-11-2026', '2026-11-02'],
    ['02.11.2026', '2026-11-02'],
    ['2026-11-02', '2026-11-02'],
    ['02/11/2026 14:35', '2026-11-02'],
  ])('reads %j', (text, day) => {
    expect(parseDate(text)).toBe(day);
  });

  it('reads a spreadsheet date', () => {
    expect(parseDate(new Date(Date.UTC(2026, 10, 2)))).toBe('2026-11-02');
  });

  it.each(['31/11/2026', '11/31/2026', '2026/11/02', 'ayer', ''])('refuses %j', (text) => {
    expect(parseDate(text)).toBeNull();
  });
});

describe('mappingFromHeaders', () => {
  it('finds the columns by their Spanish names, with or without accents', () => {
    expect(mappingFromHeaders(['Fecha', 'No. Documento', 'Descripción', 'Débito', 'Crédito', 'Saldo'])).toEqual({
      date: 0,
      description: 2,
      document: 1,
      credit: 4,
      debit: 3,
      amount: null,
    });
    expect(mappingFromHeaders(['FECHA', 'CONCEPTO', 'REFERENCIA', 'MONTO'])).toMatchObject({
      date: 0,
      description: 1,
      document: 2,
      amount: 3,
    });
  });

  it.each(['No. Boleta', 'No Boleta', 'No. de boleta', 'Número de Boleta', 'Boleta', 'Núm. Documento', 'No. Referencia'])(
    'reads %j as the document number',
    (header) => {
      expect(mappingFromHeaders(['Fecha', header, 'Descripción', 'Crédito'])).toMatchObject({ document: 1, description: 2, credit: 3 });
    },
  );

  it('is null without a date or an amount column', () => {
    expect(mappingFromHeaders(['Fecha', 'Descripción', 'Saldo'])).toBeNull();
    expect(mappingFromHeaders(['Nombre', 'Crédito'])).toBeNull();
  });
});
