import { mappingFromHeaders, parseAmount, parseDate, parseStatement } from './statement-parser';

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
    expect(parseAmount(100.5)).toBe(10050);
    expect(parseAmount(1234.56 + 1e-12)).toBe(123456);
    expect(parseAmount(null)).toBe(0);
  });

  it('refuses a spreadsheet number with a third decimal rather than rounding it', () => {
    expect(parseAmount(100.505)).toBeNull();
    expect(parseAmount(1.005)).toBeNull();
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

  it.each([
    [
      ['Fecha', 'Fecha Valor', 'No. Doc', 'Descripción', 'Débito (-)', 'Crédito (+)', 'Saldo'],
      { date: 0, document: 2, description: 3, debit: 4, credit: 5, amount: null },
    ],
    [
      ['Fecha Operación', 'Referencia', 'Concepto', 'Débito', 'Crédito', 'Saldo'],
      { date: 0, document: 1, description: 2, debit: 3, credit: 4 },
    ],
    [['Fecha', 'No. Documento', 'Descripción', 'Monto Q', 'Saldo'], { date: 0, document: 1, description: 2, credit: null, amount: 3 }],
    [['Fecha Valor', 'Concepto', 'Referencia', 'Monto (Q)', 'Saldo'], { date: 0, description: 1, document: 2, amount: 3 }],
    [['Fecha', 'Descripción', 'No. Doc.', 'Crédito Q', 'Débito GTQ'], { date: 0, description: 1, document: 2, credit: 3, debit: 4 }],
  ])('reads the columns of a bank export with signs and units: %j', (headers, mapping) => {
    expect(mappingFromHeaders(headers)).toMatchObject(mapping);
  });

  it('is null without a date or an amount column', () => {
    expect(mappingFromHeaders(['Fecha', 'Descripción', 'Saldo'])).toBeNull();
    expect(mappingFromHeaders(['Nombre', 'Crédito'])).toBeNull();
  });
});

describe('parseStatement', () => {
  it.each([
    ['LF', '\n'],
    ['CRLF', '\r\n'],
    ['a lone CR', '\r'],
  ])('reads lines ended by %s', async (_name, end) => {
    const text = ['Cuenta No.: 3-012-34567-8', 'Fecha;Descripción;Crédito', '01/11/2026;  DEP.   ANA\u00a0LOPEZ ;10,50', ''].join(end);
    const parsed = await parseStatement(Buffer.from(text));
    expect(parsed.lines).toEqual([{ line: 3, date: '2026-11-01', description: 'DEP. ANA LOPEZ', document: '', amountCentavos: 1050 }]);
    expect(parsed.account).toBe('3-012-34567-8');
  });
});
