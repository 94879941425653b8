import { mappingFromHeaders, parseStatement } from './statement-parser';
import { parseAmount, parseDate } from './statement-values';

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
      balance: 5,
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
    expect(parsed.lines).toEqual([
      { line: 3, date: '2026-11-01', description: 'DEP. ANA LOPEZ', document: '', amountCentavos: 1050, balanceCentavos: null },
    ]);
    expect(parsed.account).toBe('3-012-34567-8');
  });
});

describe('the names Guatemalan banks give their columns', () => {
  it.each(['Descripción de la transacción', 'Descripción de la operación', 'Detalle de la transacción'])(
    'reads %j as the description',
    (header) => {
      expect(mappingFromHeaders(['Fecha', header, 'Crédito'])).toMatchObject({ description: 1, credit: 2 });
    },
  );

  it.each(['No. de referencia', 'Número de referencia', 'Referencia bancaria'])('reads %j as the document number', (header) => {
    expect(mappingFromHeaders(['Fecha', header, 'Descripción', 'Crédito'])).toMatchObject({ document: 1, description: 2 });
  });

  it.each([
    [['Fecha', 'Abonos', 'Cargos'], { credit: 1, debit: 2 }],
    [['Fecha', 'Créditos', 'Débitos'], { credit: 1, debit: 2 }],
  ])('reads the credit and debit columns of %j', (headers, columns) => {
    expect(mappingFromHeaders(headers)).toMatchObject(columns);
  });

  it.each(['Saldo', 'Saldo disponible', 'Saldo contable', 'Saldo final', 'Saldo (Q)'])('reads %j as the running balance', (header) => {
    expect(mappingFromHeaders(['Fecha', 'Descripción', 'Crédito', header])).toMatchObject({ balance: 3 });
  });

  it('takes the booked balance over the available one, and no balance when the file has none', () => {
    expect(mappingFromHeaders(['Fecha', 'Crédito', 'Saldo disponible', 'Saldo contable'])).toMatchObject({ balance: 3 });
    expect(mappingFromHeaders(['Fecha', 'Crédito', 'Saldo inicial'])).toMatchObject({ balance: null });
  });

  it("reads BAC Credomatic's and G&T Continental's headers whole", () => {
    expect(mappingFromHeaders(['Fecha', 'No. de referencia', 'Descripción de la transacción', 'Débitos', 'Créditos', 'Saldo'])).toEqual({
      date: 0,
      document: 1,
      description: 2,
      debit: 3,
      credit: 4,
      amount: null,
      balance: 5,
    });
    expect(mappingFromHeaders(['Fecha', 'Documento', 'Descripción', 'Cargo', 'Abono', 'Saldo disponible'])).toEqual({
      date: 0,
      document: 1,
      description: 2,
      debit: 3,
      credit: 4,
      amount: null,
      balance: 5,
    });
  });
});

describe("a statement's own balance", () => {
  const statement = (rows: string[]) => parseStatement(Buffer.from(['Fecha;Doc;Descripción;Débito;Crédito;Saldo', ...rows].join('\n')));

  it("carries each line's Saldo in centavos, and the withdrawals apart from the deposits", async () => {
    const parsed = await statement([
      '01/11/2026;;SALDO INICIAL;;;1,000.00',
      '02/11/2026;11;DEPOSITO ANA;;2,950.00;3,950.00',
      '03/11/2026;12;CHEQUE PAGADO;4,000.50;;-50.50',
      '04/11/2026;13;DEPOSITO EVA;;100.50;',
    ]);
    expect(parsed.lines.map((line) => [line.line, line.amountCentavos, line.balanceCentavos])).toEqual([
      [3, 295000, 395000],
      [5, 10050, null],
    ]);
    expect(parsed.withdrawals).toEqual([
      { line: 4, date: '2026-11-03', description: 'CHEQUE PAGADO', document: '12', amountCentavos: 400050, balanceCentavos: -5050 },
    ]);
    expect(parsed.balanceBreaks).toEqual([]);
    // The last movement's cell is empty: the balance after it is the one before, plus its amount.
    expect(parsed.closingBalance).toEqual({ date: '2026-11-04', centavos: 5000 });
  });

  it('reads a signed amount column: a negative amount is a withdrawal of its absolute value', async () => {
    const parsed = await parseStatement(
      Buffer.from('Fecha,Concepto,Monto,Saldo disponible\n05/11/2026,DEP,100.00,600.00\n06/11/2026,CHEQUE,-200.00,400.00\n'),
    );
    expect(parsed.withdrawals.map((line) => [line.line, line.amountCentavos, line.balanceCentavos])).toEqual([[3, 20000, 40000]]);
    expect(parsed.closingBalance).toEqual({ date: '2026-11-06', centavos: 40000 });
  });

  it('has no balance without a Saldo column', async () => {
    const parsed = await parseStatement(Buffer.from('Fecha;Descripción;Crédito\n01/11/2026;DEP;10.00\n'));
    expect(parsed.mapping.balance).toBeNull();
    expect(parsed.lines[0]!.balanceCentavos).toBeNull();
    expect([parsed.closingBalance, parsed.balanceBreaks]).toEqual([null, []]);
  });

  it('finds the closing balance at the top of a file that lists the newest movements first', async () => {
    const parsed = await statement([
      '05/11/2026;23;DEPOSITO C;;10.00;1,030.00',
      '05/11/2026;22;DEPOSITO B;;10.00;1,020.00',
      '04/11/2026;21;DEPOSITO A;;10.00;1,010.00',
    ]);
    expect(parsed.closingBalance).toEqual({ date: '2026-11-05', centavos: 103000 });
    expect(parsed.balanceBreaks).toEqual([]);
  });

  it("among the last day's rows of a file listed oldest first, takes the last one", async () => {
    const parsed = await statement([
      '04/11/2026;21;DEPOSITO A;;10.00;1,010.00',
      '05/11/2026;22;DEPOSITO B;;10.00;1,020.00',
      '05/11/2026;23;CHEQUE;5.00;;1,015.00',
    ]);
    expect(parsed.closingBalance).toEqual({ date: '2026-11-05', centavos: 101500 });
  });

  it('names the rows whose Saldo is not the one before plus the credit less the debit: a file cut or edited', async () => {
    const parsed = await statement([
      '01/11/2026;10;DEPOSITO;;100.00;1,100.00',
      // A row deleted here (a deposit of Q50): this one does not follow.
      '03/11/2026;12;DEPOSITO;;20.00;1,170.00',
      // An amount edited: Q2,000 written for Q200.
      '04/11/2026;13;DEPOSITO;;2,000.00;1,370.00',
      '05/11/2026;14;CHEQUE;70.00;;1,300.00',
    ]);
    expect(parsed.balanceBreaks).toEqual([
      { line: 3, expected: 112000, found: 117000 },
      { line: 4, expected: 317000, found: 137000 },
    ]);
    expect(parsed.closingBalance).toEqual({ date: '2026-11-05', centavos: 130000 });
  });

  it('checks a newest-first file in the order its movements happened', async () => {
    const parsed = await statement([
      '05/11/2026;14;CHEQUE;70.00;;1,300.00',
      '04/11/2026;13;DEPOSITO;;200.00;1,370.00',
      '03/11/2026;12;DEPOSITO;;20.00;1,100.00',
    ]);
    // 1,100 + 200 is 1,300, not 1,370: line 3's Saldo does not follow line 4's.
    expect(parsed.balanceBreaks).toEqual([{ line: 3, expected: 130000, found: 137000 }]);
  });

  it('does not check across a row that does not read, and lists 20 breaks at most', async () => {
    const unread = await statement([
      '01/11/2026;10;DEP;;100.00;1,100.00',
      '31/11/2026;11;DEP;;5.00;1,105.00',
      '02/11/2026;12;DEP;;5.00;1,110.00',
    ]);
    expect(unread.balanceBreaks).toEqual([]);
    const edited = await statement(Array.from({ length: 30 }, (_, at) => `0${1 + (at % 9)}/11/2026;${at};DEP;;1.00;${at * 2}.00`));
    expect(edited.balanceBreaks).toHaveLength(20);
  });
});

describe('a statement whose columns are not found', () => {
  it.each([
    ['Nombre;Teléfono\nAna;5555\n', ['date', 'amount']],
    ['Fecha;Texto;Entrada\n13/11/2026;ABONO;Q1500\n', ['amount']],
    ['Día;Texto;Crédito\n13/11/2026;ABONO;Q1500\n', ['date']],
  ])('says what it lacks: %j', async (text, missing) => {
    await expect(parseStatement(Buffer.from(text))).rejects.toMatchObject({ needsMapping: { needsMapping: true, missing } });
  });
});
